import torch
import torch.nn.functional as F
# Second derivatives through softmax, log_softmax and silu record torch's nodes
# (SoftmaxBackwardDataBackward0, LogSoftmaxBackwardDataBackward0; silu's formula with torch's Scalar ops).
x = torch.tensor([[0.3, 1.2, -0.5], [0.1, 0.2, 0.3]], requires_grad=True)
w = torch.tensor([[1., 2., 3.], [-1., 0.5, 2.]])


def walk(fn, depth=0):
    if fn is None or depth > 3:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf, depth + 1)]


for name, f in (("softmax", lambda t: t.softmax(1)), ("log_softmax", lambda t: t.log_softmax(1)),
                ("softmax0", lambda t: torch.softmax(t, 0)), ("log_softmax0", lambda t: F.log_softmax(t, dim=0)),
                ("silu", F.silu), ("mish", F.mish)):
    y = f(x)
    g, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
    print(name, walk(g.grad_fn))
    print(g)
    h, = torch.autograd.grad((g * w).sum(), x)
    print(h)
n = torch.autograd.grad((x.softmax(1) * w).sum(), x, create_graph=True)[0].grad_fn
print(n._saved_dim, n._saved_output, n._saved_grad_output)
v = torch.linspace(-6, 6, 9)
print(F.silu(v).tolist())
print(F.mish(v))
