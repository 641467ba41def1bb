"""The orders libstdc++'s ``std::sort``, ``std::partial_sort`` and ``std::nth_element`` (not stable) and
torch's own quick select leave equal keys in. torch's CPU kernels sort (value, index) pairs by value with
them: ``sort`` (stable=False), ``topk``, ``kthvalue`` and ``mode``, so which index a tie reports past 16
elements depends on these algorithms' swaps. Keys are compared with ``<`` only (a NaN-aware key, e.g.
``(isnan, value)``, makes torch's comparators)."""
from __future__ import annotations

_THRESHOLD = 16     # libstdc++'s _S_threshold: shorter ranges are left to the final insertion sort


def _items(keys) -> list:
    return list(zip(keys, range(len(keys))))


def std_sort_order(keys: list) -> list:
    """The positions of ``keys`` in the order ``std::sort(..., a < b)`` leaves them."""
    items = _items(keys)
    _sort(items, 0, len(items))
    return [i for _, i in items]


def topk_order(keys: list, k: int, sort_k: bool = True) -> list:
    """The first ``k`` positions as torch's CPU topk leaves them: ``std::partial_sort`` when k * 64 <= n,
    else ``std::nth_element`` at k - 1 then (sorted) ``std::sort`` of the k - 1 before it."""
    items, n = _items(keys), len(keys)
    if k * 64 <= n:
        _heap_select(items, 0, k, n)
        _sort_heap(items, 0, k)
    elif k:
        _introselect(items, 0, k - 1, n, 2 * (n.bit_length() - 1))
        if sort_k:
            _sort(items, 0, k - 1)
    return [i for _, i in items[:k]]


def nth_element_position(keys: list, nth: int) -> int:
    """The position ``std::nth_element`` leaves at ``nth`` (nanmedian's pick among all-NaN keys)."""
    items, n = _items(keys), len(keys)
    _introselect(items, 0, nth, n, 2 * (n.bit_length() - 1))
    return items[nth][1]


def quick_select_position(keys: list, k: int) -> int:
    """The position torch's quick_select_template (kthvalue) leaves at rank ``k``; ``keys`` in ascending
    order of its gt_or_nan comparator (``a > b`` is ``keys[b] < keys[a]``)."""
    a = _items(keys)
    low, high = 0, len(a) - 1
    while True:
        if high <= low:
            return a[k][1]
        if high == low + 1:
            if a[high][0] < a[low][0]:
                a[low], a[high] = a[high], a[low]
            return a[k][1]
        mid = low + (high - low) // 2
        a[mid], a[low + 1] = a[low + 1], a[mid]
        if a[high][0] < a[low + 1][0]:
            a[low + 1], a[high] = a[high], a[low + 1]
        if a[high][0] < a[low][0]:
            a[low], a[high] = a[high], a[low]
        if a[low][0] < a[low + 1][0]:
            a[low + 1], a[low] = a[low], a[low + 1]
        i, j, pivot = low + 1, high, a[low][0]
        while True:
            i += 1
            while a[i][0] < pivot:
                i += 1
            j -= 1
            while pivot < a[j][0]:
                j -= 1
            if j < i:
                break
            a[i], a[j] = a[j], a[i]
        a[low], a[j] = a[j], a[low]
        if j <= k:
            low = i
        if j >= k:
            high = j - 1


def _sort(a, first, last):
    if last - first > 1:
        _introsort_loop(a, first, last, 2 * ((last - first).bit_length() - 1))
        _final_insertion_sort(a, first, last)


def _introselect(a, first, nth, last, depth):
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        cut = _partition_pivot(a, first, last)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last)


def _introsort_loop(a, first, last, depth):
    while last - first > _THRESHOLD:
        if depth == 0:      # std::__partial_sort(first, last, last)
            _heap_select(a, first, last, last)
            _sort_heap(a, first, last)
            return
        depth -= 1
        cut = _partition_pivot(a, first, last)
        _introsort_loop(a, cut, last, depth)
        last = cut


def _partition_pivot(a, first, last):
    mid = first + (last - first) // 2
    _median_to_first(a, first, first + 1, mid, last - 1)
    pivot = a[first][0]
    lo, hi = first + 1, last
    while True:
        while a[lo][0] < pivot:
            lo += 1
        hi -= 1
        while pivot < a[hi][0]:
            hi -= 1
        if not lo < hi:
            return lo
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1


def _median_to_first(a, result, x, y, z):
    vx, vy, vz = a[x][0], a[y][0], a[z][0]
    if vx < vy:
        pick = y if vy < vz else z if vx < vz else x
    else:
        pick = x if vx < vz else z if vy < vz else y
    a[result], a[pick] = a[pick], a[result]


def _final_insertion_sort(a, first, last):
    end = min(last, first + _THRESHOLD)
    _insertion_sort(a, first, end)
    for i in range(end, last):              # __unguarded_insertion_sort
        _linear_insert(a, i)


def _insertion_sort(a, first, last):
    for i in range(first + 1, last):
        item = a[i]
        if item[0] < a[first][0]:
            a[first + 1:i + 1] = a[first:i]
            a[first] = item
        else:
            _linear_insert(a, i)


def _linear_insert(a, last):
    item = a[last]
    while item[0] < a[last - 1][0]:
        a[last] = a[last - 1]
        last -= 1
    a[last] = item


def _heap_select(a, first, middle, last):
    """make_heap on [first, middle), then each smaller element of [middle, last) popped into it."""
    n = middle - first
    for parent in range((n - 2) // 2, -1, -1):
        _adjust_heap(a, first, parent, n, a[first + parent])
    for i in range(middle, last):
        if a[i][0] < a[first][0]:
            item = a[i]
            a[i] = a[first]
            _adjust_heap(a, first, 0, n, item)


def _sort_heap(a, first, last):
    while last - first > 1:
        last -= 1
        item = a[last]
        a[last] = a[first]
        _adjust_heap(a, first, 0, last - first, item)


def _adjust_heap(a, first, hole, n, item):
    top, child = hole, hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if a[first + child][0] < a[first + child - 1][0]:
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and a[first + parent][0] < item[0]:
        a[first + hole] = a[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[first + hole] = item
