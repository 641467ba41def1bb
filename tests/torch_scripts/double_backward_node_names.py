import torch
import torch.nn.functional as F
# Under create_graph the first derivative's graph is torch's formula: Scalar arithmetic records
# MulBackward1/AddBackward1, and activations record their own *BackwardBackward0 node.
a = torch.tensor([0.7, 1.3], requires_grad=True)
b = torch.tensor([-1.2, 0.4], requires_grad=True)


def walk(fn, depth=0):
    if fn is None or depth > 3:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf, depth + 1)]


ops = {
    "cos": torch.cos, "sqrt": torch.sqrt, "abs": torch.abs, "tan": torch.tan, "rsqrt": torch.rsqrt,
    "pow2": lambda x: x ** 2, "pow3": lambda x: x.pow(3), "pow_half": lambda x: x ** 0.5, "rpow": lambda x: 2 ** x,
    "square": torch.square, "log1p": torch.log1p, "expm1": torch.expm1, "log2": torch.log2, "exp2": torch.exp2,
    "erf": torch.erf, "atan": torch.atan, "asin": lambda x: torch.asin(x / 2), "acos": lambda x: torch.acos(x / 2),
    "softplus": F.softplus, "softplus_beta": lambda x: F.softplus(x, beta=2.0, threshold=2.0),
    "gelu": F.gelu, "gelu_tanh": lambda x: F.gelu(x, approximate="tanh"),
    "elu": F.elu, "selu": F.selu, "celu": lambda x: F.celu(x, alpha=0.5), "hardswish": F.hardswish,
    "logsigmoid": F.logsigmoid,
}
for name, f in ops.items():
    for x in (a, b) if name not in ("sqrt", "rsqrt", "pow_half", "log2") else (a,):
        g, = torch.autograd.grad(f(x).sum(), x, create_graph=True)
        h, = torch.autograd.grad(g.sum(), x)
        print(name, g.detach(), walk(g.grad_fn), h)
x = torch.tensor([0.3, -2.0], requires_grad=True)
g, = torch.autograd.grad(F.softplus(x).sum(), x, create_graph=True)
print(g.grad_fn._saved_beta, g.grad_fn._saved_threshold, g.grad_fn._saved_self)
g, = torch.autograd.grad(F.gelu(x, approximate="tanh").sum(), x, create_graph=True)
print(g.grad_fn._saved_approximate, g.grad_fn._saved_grad_output)
h3, = torch.autograd.grad(torch.autograd.grad(g.sum(), x, create_graph=True)[0].sum(), x)
print(h3)
