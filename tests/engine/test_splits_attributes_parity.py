"""tensor_split/hsplit/vsplit/dsplit, split_with_sizes, the unsafe splits, narrow_copy, dstack/
column_stack/row_stack, sum_to_size, moveaxis, adjoint/H/mH, conj on real tensors, a dense CPU
tensor's attributes, torch.range, the window functions, isposinf/isneginf/isreal, histogram,
can_cast and asarray: the same code on torch and on gradcli gives the same lines (values, node
names, views, warnings, error messages)."""
from __future__ import annotations

import warnings

import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")


def run(torch):
    out = []
    def show(r):
        if isinstance(r, (tuple, list)):
            return "(" + ", ".join(show(x) for x in r) + ")"
        if hasattr(r, "grad_fn"):
            return repr(r) + " " + (type(r.grad_fn).__name__ if r.grad_fn is not None else "-") + (" view" if r._base is not None else "")
        return repr(r)
    def t(f):
        try:
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                r = f()
            out.append(show(r) + "".join(" W:" + str(m.message) for m in w))
        except Exception as e:
            out.append("error: " + str(e))
    x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
    y = x * 1
    t(lambda: torch.tensor_split(y, 3, dim=2)); t(lambda: y.tensor_split([1, 3], dim=2))
    t(lambda: y.tensor_split(torch.tensor([1, 3]), dim=2)); t(lambda: y.tensor_split(torch.tensor(3), dim=2))
    t(lambda: torch.hsplit(y, 3)); t(lambda: y.hsplit([1])); t(lambda: y.vsplit(2)); t(lambda: y.dsplit(2)); t(lambda: y.dsplit(3))
    t(lambda: torch.ones(4).vsplit(2)); t(lambda: torch.ones(4).hsplit(2)); t(lambda: torch.hsplit(torch.tensor(1.), 1))
    t(lambda: torch.tensor_split(y, 0)); t(lambda: torch.tensor_split(y, torch.tensor([1.]))); t(lambda: torch.tensor_split(y, [5], dim=1))
    t(lambda: torch.tensor_split(y, [2, 1], dim=1)); t(lambda: torch.tensor_split(y, torch.ones(2, 2, dtype=torch.long)))
    t(lambda: torch.tensor_split(torch.tensor(1.), 1)); t(lambda: torch.tensor_split(y, 4, dim=1)); t(lambda: torch.tensor_split(y, (-1,), dim=1))
    t(lambda: y.split_with_sizes([1, 3], dim=2)); t(lambda: y.split_with_sizes([1, 2], dim=2))
    t(lambda: y.unsafe_chunk(2, dim=2)); t(lambda: y.unsafe_split(2, dim=2)); t(lambda: torch.unsafe_split_with_sizes(y, [1, 3], dim=2))
    t(lambda: y.unsafe_split_with_sizes([1, 1], dim=2)); t(lambda: torch.unsafe_chunk(y, 3, 1))
    t(lambda: torch.moveaxis(y, 0, -1)); t(lambda: y.moveaxis((0, 1), (2, 0)))
    t(lambda: torch.dstack([torch.ones(3), torch.ones(3)])); t(lambda: torch.dstack([y, y]))
    t(lambda: torch.dstack([torch.tensor(1.), torch.tensor(2.)])); t(lambda: torch.dstack([torch.ones(2, 2), torch.ones(2, 2, 1)]))
    t(lambda: torch.column_stack([torch.ones(3), torch.ones(3, 2), torch.tensor([1., 2, 3], requires_grad=True)]))
    t(lambda: torch.column_stack([torch.tensor(1.), torch.tensor(2.)])); t(lambda: torch.row_stack([torch.ones(3), torch.ones(3)]))
    z = torch.arange(6.).reshape(2, 3).requires_grad_()
    for size in [(3, 1, 1), (2, 1), (1,), (), (3,), (1, 3), (2, 3)]:
        t(lambda: z.sum_to_size(*size) if size else z.sum_to_size(()))
    t(lambda: z.sum_to_size(torch.Size([3])))
    t(lambda: y.narrow_copy(1, 0, 2)); t(lambda: torch.narrow_copy(y, -1, 1, 2)); t(lambda: torch.narrow_copy(y, 0, 1, 5))
    w = z * 1
    t(lambda: w.adjoint()); t(lambda: w.H); t(lambda: w.mH); t(lambda: torch.adjoint(w)); t(lambda: torch.ones(3).H)
    t(lambda: torch.ones(2, 2, 2).H); t(lambda: torch.ones(3).adjoint()); t(lambda: torch.ones(3).mH)
    t(lambda: (w.conj() is w, w.resolve_conj() is w, w.resolve_neg() is w, torch.conj(w) is w))
    t(lambda: (w.is_conj(), w.is_neg(), torch.is_conj(w), w.is_signed(), torch.ones(2, dtype=torch.uint8).is_signed(),
               torch.ones(2, dtype=torch.bool).is_signed(), torch.is_signed(w), torch.ones(2, dtype=torch.int8).is_signed()))
    t(lambda: (w.is_cpu, w.is_sparse, w.is_quantized, w.is_meta, w.layout, w.get_device(), torch.get_device(w), w.is_mkldnn,
               w.is_nested, w.is_sparse_csr, w.is_mps, w.is_xpu, w.is_shared(), w.is_pinned(), torch.strided))
    t(lambda: (w.is_same_size(z), w.is_same_size(torch.ones(3)), torch.is_same_size(w, z)))
    t(lambda: torch.range(1, 4)); t(lambda: torch.range(0, 1, 0.25)); t(lambda: torch.range(1, 4, dtype=torch.int64))
    t(lambda: torch.range(3, 1)); t(lambda: torch.range(3, 1, -1)); t(lambda: torch.range(0, 1, 0)); t(lambda: torch.range(0, 1, 0.1))
    for n in (0, 1, 2, 5, 8):
        for p in (True, False):
            t(lambda: torch.hann_window(n, p)); t(lambda: torch.hamming_window(n, p))
            t(lambda: torch.blackman_window(n, p)); t(lambda: torch.bartlett_window(n, p)); t(lambda: torch.kaiser_window(n, p))
    t(lambda: torch.hamming_window(5, False, alpha=0.5, beta=0.4)); t(lambda: torch.kaiser_window(6, False, beta=8.0, dtype=torch.float64))
    t(lambda: torch.hann_window(3, requires_grad=True)); t(lambda: torch.hann_window(3, dtype=torch.int64)); t(lambda: torch.hann_window(-1))
    t(lambda: torch.blackman_window(7, dtype=torch.float64)); t(lambda: torch.bartlett_window(6, dtype=torch.float64))
    inf = float("inf")
    t(lambda: (torch.isposinf(torch.tensor([1., inf, -inf])), torch.isneginf(torch.tensor([1., inf, -inf])),
               torch.isreal(torch.tensor([1., 2])), torch.isposinf(torch.tensor([1, 2])), torch.tensor([-inf]).isneginf()))
    t(lambda: torch.histogram(torch.tensor([1., 2, 1]), bins=4, range=(0., 3.))); t(lambda: torch.histogram(torch.tensor([1., 1, 1]), bins=2))
    t(lambda: torch.histogram(torch.tensor([1., 2, 1, 5]), bins=torch.tensor([0., 1.5, 3, 6]), weight=torch.tensor([1., 2, 3, 4]), density=True))
    t(lambda: torch.histogram(torch.tensor([1, 2]), bins=2)); t(lambda: torch.tensor([0.1, 0.5, 0.9, 0.95]).histogram(3))
    t(lambda: (torch.can_cast(torch.double, torch.float), torch.can_cast(torch.float, torch.int), torch.can_cast(torch.int64, torch.uint8),
               torch.can_cast(torch.int64, torch.bool), torch.can_cast(torch.complex64, torch.float64), torch.can_cast(torch.bool, torch.int8)))
    a = torch.tensor([1., 2.])
    t(lambda: (torch.asarray(a) is a, torch.asarray(a, dtype=torch.float64), torch.asarray([1, 2]), torch.asarray(a, copy=True) is a,
               torch.asarray(3.5), torch.asarray([1., 2], requires_grad=True)))
    return out


def test_same_lines_as_torch():
    want, got = run(torch), run(ag)
    assert len(got) == len(want)
    for w, g in zip(want, got):
        assert g == w


def test_unsafe_split_pieces_are_copies_with_one_gradient_node():
    x = ag.arange(6.0).reshape(2, 3).requires_grad_()
    a, b = ag.unsafe_split(x * 1, 2, dim=1)
    assert a._base is None and type(a.grad_fn).__name__ == "UnsafeSplitBackward0"
    (a.sum() + 2 * b.sum()).backward()
    assert x.grad.tolist() == [[1.0, 1.0, 2.0], [1.0, 1.0, 2.0]]
