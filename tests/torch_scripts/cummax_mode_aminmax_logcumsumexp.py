import torch
nan = float('nan')
x = torch.tensor([[3., 1., 4., 1.], [5., 9., 2., 6.]], requires_grad=True)
for f in (lambda: x.cummax(1), lambda: torch.cummin(x, 0), lambda: x.mode(1), lambda: torch.mode(x, 0, keepdim=True),
          lambda: torch.aminmax(x, dim=1), lambda: torch.aminmax(x), lambda: x.aminmax(dim=0, keepdim=True)):
    r = f()
    print(r)
    n = r[0].grad_fn
    print(n)
    x.grad = None
    (r[0] * 2 + (r[1] if r[1].is_floating_point() else 0)).sum().backward()
    print(x.grad)
l = x.logcumsumexp(1)
print(l, l.grad_fn, l.grad_fn._saved_dim, l.grad_fn._saved_result)
x.grad = None
(l * torch.tensor([1., -2., 0.5, 3.])).sum().backward()
print(x.grad)
print(torch.logcumsumexp(torch.tensor([-float('inf'), 0., 1000.]), 0))
print(torch.tensor([2., 2., 1., nan, 3., nan]).cummax(0), torch.tensor([2., 2., 1.]).cummin(0)[1])
print(torch.tensor(3.).cummax(0), torch.tensor([1, 3, 2]).cummax(0), torch.tensor([True, False, True]).cummax(0))
print(torch.mode(torch.tensor(5.)), torch.mode(torch.tensor([3, 3, 1])), torch.aminmax(torch.tensor([[1., 2.], [3., 0.]]), keepdim=True))
print(torch.aminmax(torch.tensor([True, False])), torch.mode(torch.tensor([1., 2., 2., 1., 3.])))
for bad in (lambda: torch.tensor([1, 3, 2]).logcumsumexp(0), lambda: torch.aminmax(torch.tensor([]))):
    try:
        bad()
    except RuntimeError as e:
        print(e)
y = torch.tensor([1., 5., 5., 2.], requires_grad=True)
mn, mx = torch.aminmax(y)
mx.backward()
print(y.grad)
z = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(z.logcumsumexp(1).sum(), z, create_graph=True)
print(g, torch.autograd.grad(g.sum(), z))
from torch.func import vmap
w = torch.arange(24.).reshape(2, 3, 4).sin()
print(vmap(lambda r: r.cummax(0))(w), vmap(lambda r: r.logcumsumexp(1))(w))
print(vmap(lambda r: torch.aminmax(r))(w), vmap(lambda r: torch.aminmax(r, dim=0))(w), vmap(lambda r: r.mode(1))(w))
c = torch.tensor([[3., 1., 4., 1.], [5., 9., 2., 6.]]).cummin(1)
m = torch.tensor([[3., 1., 4., 1.], [5., 9., 2., 2.]]).mode(1)
print(c.values, c.indices, m.values, m.indices, torch.tensor([1., 3., 2.]).cummax(0).indices)
