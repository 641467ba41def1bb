# Second derivatives through pooling and max/min: torch's pool backward nodes (MaxPool2DWithIndicesBackwardBackward0,
# AdaptiveMaxPool2DBackwardBackward0, AvgPool2DBackwardBackward0) give the input zeros, so grad() of the first
# derivative returns zeros (not an "appears to not have been used" error); max()/min() share g with
# zeros.masked_fill_(mask, g / count) (MaskedFillBackward1, +0 elsewhere), max(dim) with zeros.scatter.
import torch
import torch.nn.functional as F

x = torch.tensor([0.5, -1.5, 2.0, 1.0], requires_grad=True)
for name, f in [("max_pool1d", lambda t: F.max_pool1d(t.view(1, 1, 4), 2)),
                ("max_pool2d", lambda t: F.max_pool2d(t.view(1, 1, 2, 2), 2)),
                ("adaptive_max_pool1d", lambda t: F.adaptive_max_pool1d(t.view(1, 1, 4), 3)),
                ("avg_pool1d", lambda t: F.avg_pool1d(t.view(1, 1, 4), 2)),
                ("avg_pool2d", lambda t: F.avg_pool2d(t.view(1, 1, 2, 2), 2, count_include_pad=False)),
                ("return_indices", lambda t: F.max_pool1d(t.view(1, 1, 4), 3, 1, return_indices=True)[0])]:
    y = f(x)
    g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    n = g.grad_fn
    print(name, g, n.next_functions[0][0].name())
    print("  second", torch.autograd.grad(g.sum(), x))
w = torch.tensor([0.5, 2.0, 2.0], requires_grad=True)
for name, f in [("max", torch.max), ("min", torch.min), ("amax", torch.amax), ("max(0)", lambda t: t.max(0)[0]),
                ("median", torch.median), ("min(0, keepdim)", lambda t: t.min(0, keepdim=True).values)]:
    g, = torch.autograd.grad(f(w), w, -torch.ones_like(f(w), requires_grad=True) * 3, create_graph=True)
    print(name, g, g.grad_fn.name(), [None if e[0] is None else e[0].name() for e in g.grad_fn.next_functions])
    w.grad = None
    f(w).backward(torch.full_like(f(w), -2.))
    print("  plain", w.grad)
m = torch.tensor([[1., float("nan")], [float("nan"), -1.]], requires_grad=True)
m.max().backward(torch.tensor(-4.))
print(m.grad)
