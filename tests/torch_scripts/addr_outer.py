import torch
x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
v1 = torch.tensor([1., -2., 0.5], requires_grad=True)
v2 = torch.tensor([0.5, 1., 2., -1.], requires_grad=True)
for kw in ({}, {"beta": 0.5, "alpha": 2}, {"beta": 0}):
    y = torch.addr(x, v1, v2, **kw)
    n = y.grad_fn
    print(y, n, n._saved_alpha, n._saved_beta, n._saved_vec1, n._saved_vec2)
    x.grad = v1.grad = v2.grad = None
    (y * torch.arange(12.).reshape(3, 4)).sum().backward()
    print(x.grad, v1.grad, v2.grad)
print(torch.addr(torch.full((3, 4), float('nan')), v1, v2, beta=0), x.addr(v1, v2), torch.addr(torch.zeros(4), v1, v2))
print(torch.addr(torch.zeros(3, 4), v1.detach(), v2).grad_fn._saved_vec2)
print(torch.addr(torch.zeros(3, 4, dtype=torch.int64), torch.tensor([1, 2, 3]), torch.tensor([1, 0, 1, 2]), alpha=2))
try:
    torch.addr(x, x, v2)
except RuntimeError as e:
    print(e)
