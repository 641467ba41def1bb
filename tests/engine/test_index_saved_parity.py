"""Indexing with lists, arrays and bools keeps the index as torch does: a tensor, saved with the
node and seen by saved-tensor pack hooks (``x[[0, 2]]``, ``y[mask] = v``, ``x[True]`` as ``[0]``), and
a lone ``y[True] = v`` writes through a view while ``y[False] = v`` does nothing."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _write(key, value):
    def run(lib, x):
        y = x * 1
        y[key(lib, x)] = value(lib, x)
        return y
    return run


CASES = {
    "a list": lambda lib, x: x[[0, 2]],
    "an array": lambda lib, x: x[np.array([0, 2])],
    "a bool list": lambda lib, x: x[[True, False, True]],
    "True": lambda lib, x: x[True],
    "False": lambda lib, x: x[False],
    "a list after None": lambda lib, x: x[None, [0, 2]],
    "two lists": lambda lib, x: x[[0, 2], [1, 3]],
    "a list after a slice": lambda lib, x: x[1:, [0, 1]],
    "True and a list": lambda lib, x: x[True, [0, 2]],
    "the user's index tensor": lambda lib, x: x[lib.tensor([2, 0])],
    "write at a list": _write(lambda lib, x: [0, 2], lambda lib, x: x[0] * 2),
    "write a constant at a list": _write(lambda lib, x: [0, 2], lambda lib, x: lib.tensor([1.0, 2, 3, 4])),
    "write at a mask": _write(lambda lib, x: x > 5, lambda lib, x: 0.0),
    "write at True": _write(lambda lib, x: True, lambda lib, x: x[0] * 2),
    "write at False": _write(lambda lib, x: False, lambda lib, x: 1.0),
    "write at True and True": _write(lambda lib, x: (True, True), lambda lib, x: 1.0),
    "index_put": lambda lib, x: x.index_put((lib.tensor([0, 2]),), x[1] * 3),
    "index_put accumulating": lambda lib, x: x.index_put((lib.tensor([0, 0]),), x[1] * 3, accumulate=True),
}


def _run(lib, case):
    x = lib.tensor(np.arange(12.0).reshape(3, 4), dtype=lib.float32, requires_grad=True)
    packed = []
    with lib.autograd.graph.saved_tensors_hooks(lambda t: packed.append((tuple(t.shape), str(t.dtype))) or t,
                                                lambda t: t):
        y = CASES[case](lib, x)
    node = y.grad_fn
    indices = getattr(node, "_saved_indices", None)
    shown = None if indices is None else [None if i is None else i.tolist() for i in indices]
    y.sum().backward()
    return node.name(), packed, shown, y.tolist(), x.grad.tolist()


@pytest.mark.parametrize("case", sorted(CASES))
def test_index_is_kept_and_packed_as_torch_keeps_it(case):
    assert _run(g, case) == _run(torch, case)
