"""Each node keeps what torch's keeps: the node name and ``_saved_*`` names of the nodes of common ops
as the public functions make them, compared with torch's (torch's extra ``*_sym_strides``
bookkeeping aside)."""
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

CASES = {
    "mul": lambda t, a, b, c: a * b, "div": lambda t, a, b, c: a / b, "atan2": lambda t, a, b, c: t.atan2(a, b),
    "pow": lambda t, a, b, c: t.pow(a, b), "xlogy": lambda t, a, b, c: t.xlogy(a, b),
    "hypot": lambda t, a, b, c: t.hypot(a, b), "maximum": lambda t, a, b, c: t.maximum(a, b),
    "fmod": lambda t, a, b, c: t.fmod(a, b), "logaddexp": lambda t, a, b, c: t.logaddexp(a, b),
    "lerp": lambda t, a, b, c: t.lerp(a, b, c), "clamp": lambda t, a, b, c: t.clamp(a, b, c),
    "exp": lambda t, a, b, c: a.exp(), "tanh": lambda t, a, b, c: a.tanh(), "sum": lambda t, a, b, c: b.sum(),
    "mean": lambda t, a, b, c: b.mean(), "softmax": lambda t, a, b, c: t.softmax(b, 0),
    "mm": lambda t, a, b, c: t.mm(b, a.reshape(1, 2)), "matmul": lambda t, a, b, c: b @ a.reshape(1, 2),
    "sqrt": lambda t, a, b, c: a.sqrt(), "log": lambda t, a, b, c: a.log(), "sigmoid": lambda t, a, b, c: a.sigmoid(),
    "std": lambda t, a, b, c: b.std(), "prod": lambda t, a, b, c: a.prod(),
    # records without a sample of their own (test_saved_names_table.py's NO_SAMPLE)
    "_to_copy": lambda t, a, b, c: a.double(), "alias": lambda t, a, b, c: b[:, :],
    "delayed_error": lambda t, a, b, c: _Twice.apply(a),
}


def _once_differentiable_square(lib):
    class Square(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        @lib.autograd.function.once_differentiable
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 2 * x * g
    return Square


class _Twice:
    """Under create_graph the gradient of a once_differentiable Function passes torch's DelayedError node."""

    @staticmethod
    def apply(a):
        lib = torch if isinstance(a, torch.Tensor) else g
        y = _once_differentiable_square(lib).apply(a)
        w = lib.ones_like(y).requires_grad_()
        grad, = lib.autograd.grad(y, a, grad_outputs=w, create_graph=True)
        return grad


def _names(node):
    return sorted(n for n in dir(node) if n.startswith("_saved_") and not n.endswith("_sym_strides"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_saved_names_match_torch(name):
    results = []
    for lib in (torch, g):
        a = lib.tensor([0.5, 0.7], requires_grad=True)
        b = lib.tensor([[0.2], [0.9], [0.4]], requires_grad=True)
        c = lib.tensor([[[0.3]]] * 4, requires_grad=True)
        node = CASES[name](lib, a, b, c).grad_fn
        results.append((node.name(), _names(node)))
    assert results[1] == results[0]
