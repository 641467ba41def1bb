"""A node unpacks its hooked saved tensors in the order it packed them (torch's: the saved inputs
by name, then the outputs), so a pair of logging pack/unpack hooks prints torch's sequence, for a
plain backward and under create_graph."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

CASES = {
    "mul": lambda lib, a, b: a * b,
    "div": lambda lib, a, b: a / b,
    "hypot": lambda lib, a, b: lib.hypot(a, b),
    "xlogy": lambda lib, a, b: lib.xlogy(a, b.abs()),
    "lerp": lambda lib, a, b: lib.lerp(a, b, b * 0.5),
    "softmax": lambda lib, a, b: (a * b).softmax(0),
    "logsumexp": lambda lib, a, b: a.logsumexp(0) * b,
    "layer_norm": lambda lib, a, b: lib.nn.functional.layer_norm(a, (5,), b, b * 2),
    "cross_entropy": lambda lib, a, b: lib.nn.functional.cross_entropy(lib.outer(a, b), lib.tensor([0, 1, 2, 3, 4])),
    "det": lambda lib, a, b: lib.linalg.det(lib.outer(a, b) + lib.eye(5)),
    "solve": lambda lib, a, b: lib.linalg.solve(lib.outer(a, b) + lib.eye(5) * 3, b),
    "index": lambda lib, a, b: a[[0, 2]] * b[:2],
}


def _log(lib, case, create_graph):
    log = []

    def pack(t):
        log.append(("pack", tuple(t.shape), round(float(t.detach().double().sum()), 6)))
        return t

    def unpack(t):
        log.append(("unpack", tuple(t.shape), round(float(t.detach().double().sum()), 6)))
        return t
    a = lib.tensor(np.linspace(-1, 2, 5), requires_grad=True)
    b = lib.tensor(np.linspace(0.5, 1.5, 5), requires_grad=True)
    with lib.autograd.graph.saved_tensors_hooks(pack, unpack):
        y = CASES[case](lib, a, b)
    lib.autograd.grad(y.sum(), (a, b), create_graph=create_graph)
    return log


@pytest.mark.parametrize("create_graph", [False, True], ids=["backward", "create_graph"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_hooks_run_in_torchs_pack_and_unpack_order(case, create_graph):
    assert _log(g, case, create_graph) == _log(torch, case, create_graph)
