import torch
from torch.autograd.graph import GradientEdge, get_gradient_edge
# autograd.grad with a GradientEdge in place of a tensor: the gradient that flows along that edge
x = torch.tensor([1., 2., 3.], requires_grad=True)
ex = get_gradient_edge(x)
print(ex, ex.node.name(), ex.output_nr, ex.node.variable is x)
y = x * 2
ey = get_gradient_edge(y)
y.add_(1)           # y moves to a newer node; the edge still names MulBackward0's output
y.mul_(3)
print(y.grad_fn, ey.node, ey)
out = (y ** 2).sum()
g_edge, g_x = torch.autograd.grad(out, (ey, x), retain_graph=True)
print(g_edge, g_x)
print(torch.autograd.grad(out, ey))
try:
    get_gradient_edge(torch.ones(2))
except RuntimeError as e:
    print(e)
a, b = torch.tensor([1., 2.], requires_grad=True).unbind(0)
print(get_gradient_edge(b))
u = torch.tensor([1., 2.], requires_grad=True)
v = u.exp()
w = u.sin()
print(torch.autograd.grad(v.sum(), [get_gradient_edge(w)], allow_unused=True))
print(torch.autograd.grad(v.sum(), get_gradient_edge(u)))
parts = torch.tensor([3., 4.], requires_grad=True).split(1)
s = (parts[0] * parts[1] ** 2).sum()
print(torch.autograd.grad(s, [get_gradient_edge(p) for p in parts]))
print(isinstance(ey, tuple), len(ey), ey[1])
