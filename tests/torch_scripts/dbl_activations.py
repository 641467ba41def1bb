import torch
import torch.nn.functional as F
# Double backward of the activations whose backward is an op of its own in torch: the first
# derivative requires grad through x (ThresholdBackwardBackward0...), the second one is zero, and
# hardsigmoid's backward has no derivative at all (a NotImplemented node that raises when reached).
x = torch.tensor([0.3, -0.9, 1.5, 0.7, -0.2, 3.5], dtype=torch.float64, requires_grad=True)


def walk(fn):
    if fn is None:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf)]


ops = {
    "threshold": lambda t: F.threshold(t, 0.5, 2.0), "threshold_relu": lambda t: F.threshold(t, 0.0, 0.0),
    "softshrink": lambda t: F.softshrink(t, 0.6), "hardshrink": lambda t: F.hardshrink(t, 0.6),
    "hardshrink_method": lambda t: (t * 2).hardshrink(), "rrelu_eval": lambda t: F.rrelu(t - 1, training=False),
    "nn_threshold": torch.nn.Threshold(0.1, -1.0), "nn_softshrink": torch.nn.Softshrink(0.4),
    "nn_hardshrink": torch.nn.Hardshrink(),
}
for name, f in ops.items():
    y = f(x)
    print(name, y.grad_fn.name(), y.detach())
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print("  g", g.requires_grad, walk(g.grad_fn), g.detach())
    h, = torch.autograd.grad((g * g).sum(), x)
    print("  h", h)

# the saved values of the first and of the second node
y = F.threshold(x, 0.5, 2.0)
print(y.grad_fn._saved_threshold, y.grad_fn._saved_self.detach())
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g.grad_fn._saved_threshold, g.grad_fn._saved_self.detach())
g, = torch.autograd.grad(F.softshrink(x, 0.6).sum(), x, create_graph=True)
print(g.grad_fn._saved_lambd, g.grad_fn._saved_self.detach())
g, = torch.autograd.grad(F.rrelu(x, 0.1, 0.3, training=False).sum(), x, create_graph=True)
print(g.grad_fn._saved_lower, g.grad_fn._saved_upper, g.grad_fn._saved_training)

# a gradient that itself requires grad goes through the second node's grad_output edge
w = torch.tensor([2.0, -1.0, 0.5, 1.0, 3.0, -2.0], dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(F.hardshrink(x, 0.5), x, grad_outputs=w * w, create_graph=True)
print(walk(g.grad_fn), torch.autograd.grad(g.sum(), w))

# hardsigmoid: the first derivative is torch's NotImplemented node, which raises when differentiated
g, = torch.autograd.grad(F.hardsigmoid(x).sum(), x, create_graph=True)
print(g.requires_grad, walk(g.grad_fn), g.detach())
try:
    torch.autograd.grad(g.sum(), x)
except RuntimeError as e:
    print("RuntimeError:", e)
g, = torch.autograd.grad(F.hardsigmoid(x), x, grad_outputs=w * 1.0, create_graph=True)
print(walk(g.grad_fn))
# without create_graph nothing is recorded
g, = torch.autograd.grad(F.hardsigmoid(x).sum(), x)
print(g.requires_grad, g)

# glu: GluBackward0, whose backward is glu_backward (GluBackwardBackward0) under create_graph
m = torch.tensor([[0.3, -0.9, 1.5, 0.7], [-0.2, 3.5, 0.4, -1.1]], dtype=torch.float64, requires_grad=True)
for dim in (0, 1, -1):
    y = F.glu(m, dim)
    print("glu", dim, y.grad_fn.name(), y.grad_fn._saved_dim if dim >= 0 else "", y.detach())
    go = torch.linspace(0.5, 1.5, y.numel(), dtype=torch.float64).view(y.shape)
    g, = torch.autograd.grad(y, m, go, create_graph=True)
    print("  g", walk(g.grad_fn), g.grad_fn._saved_dim if dim >= 0 else "", g.detach())
    print("  h", torch.autograd.grad((g * g).sum(), m))
g, = torch.autograd.grad(F.glu(m, 1), m, w[:4].view(2, 2) * 1.0, create_graph=True)
print(walk(g.grad_fn), torch.autograd.grad(g.pow(2).sum(), (w, m)))
print(torch.nn.GLU()(m).grad_fn.name())
try:
    F.glu(torch.ones(3, 3), 0)
except RuntimeError as e:
    print("RuntimeError:", e)
