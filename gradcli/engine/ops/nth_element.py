"""libstdc++'s ``std::nth_element`` (introselect), replayed on a list of indices.

torch's CPU median kernels pick each slice's median with it, ordering equal values by index; only
NaNs are left unordered (nanmedian's comparator puts them after numbers but not among themselves),
so an all-NaN slice's index is whichever one the algorithm's swaps leave in place."""
from __future__ import annotations


def _median_of_three_to_first(idx, result, a, b, c, less):
    if less(idx[a], idx[b]):
        if less(idx[b], idx[c]):
            pick = b
        elif less(idx[a], idx[c]):
            pick = c
        else:
            pick = a
    elif less(idx[a], idx[c]):
        pick = a
    elif less(idx[b], idx[c]):
        pick = c
    else:
        pick = b
    idx[result], idx[pick] = idx[pick], idx[result]


def _unguarded_partition(idx, first, last, pivot, less):
    while True:
        while less(idx[first], idx[pivot]):
            first += 1
        last -= 1
        while less(idx[pivot], idx[last]):
            last -= 1
        if not first < last:
            return first
        idx[first], idx[last] = idx[last], idx[first]
        first += 1


def _insertion_sort(idx, first, last, less):
    for i in range(first + 1, last):
        value = idx[i]
        if less(value, idx[first]):
            idx[first + 1:i + 1] = idx[first:i]
            idx[first] = value
        else:
            j = i
            while less(value, idx[j - 1]):
                idx[j] = idx[j - 1]
                j -= 1
            idx[j] = value


def _adjust_heap(idx, first, hole, length, value, less):
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(idx[first + child], idx[first + child - 1]):
            child -= 1
        idx[first + hole] = idx[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        idx[first + hole] = idx[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(idx[first + parent], value):
        idx[first + hole] = idx[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    idx[first + hole] = value


def _heap_select(idx, first, middle, last, less):
    length = middle - first
    if length >= 2:
        for parent in range((length - 2) // 2, -1, -1):
            _adjust_heap(idx, first, parent, length, idx[first + parent], less)
    for i in range(middle, last):
        if less(idx[i], idx[first]):
            value = idx[i]
            idx[i] = idx[first]
            _adjust_heap(idx, first, 0, length, value, less)


def nth_index(n: int, nth: int, less) -> int:
    """The index ``std::nth_element`` leaves at position ``nth`` of ``iota(n)`` under ``less(i, j)``."""
    idx = list(range(n))
    first, last = 0, n
    depth = 2 * (n.bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(idx, first, nth + 1, last, less)
            idx[first], idx[nth] = idx[nth], idx[first]
            return idx[nth]
        depth -= 1
        mid = first + (last - first) // 2
        _median_of_three_to_first(idx, first, first + 1, mid, last - 1, less)
        cut = _unguarded_partition(idx, first + 1, last, first, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(idx, first, last, less)
    return idx[nth]
