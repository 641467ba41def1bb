import torch
x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
for p in (2, 1, 3.5, float('inf')):
    for dim in (0, 1, -1):
        y = torch.renorm(x, p, dim, 0.5)
        print(y)
        x.grad = None
        (y * torch.arange(12.).reshape(3, 4)).sum().backward()
        print(x.grad)
y = x.renorm(2, 0, 5.0)
print(y, y.grad_fn, y.grad_fn._saved_p, y.grad_fn._saved_dim, y.grad_fn._saved_maxnorm)
z = torch.arange(24., dtype=torch.float64).reshape(2, 3, 4).cos().requires_grad_()
g, = torch.autograd.grad(torch.renorm(z, 2, 1, 0.7).pow(2).sum(), z, create_graph=True)
print(g, torch.autograd.grad(g.sum(), z))
for bad in (lambda: torch.renorm(x, -1, 0, 1.), lambda: torch.renorm(x, 2, 0, -1.), lambda: torch.renorm(x[0, 0], 2, 0, 1.),
            lambda: torch.renorm(x.long(), 2, 0, 1.)):
    try:
        bad()
    except RuntimeError as e:
        print(e)
