import torch


def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)


x = torch.tensor([[3., 1., 4., 1.5], [5., 9., 2., 6.]], requires_grad=True)
for interp in ('linear', 'lower', 'higher', 'midpoint', 'nearest'):
    for q in (0.4, torch.tensor([0.25, 0.5, 0.9])):
        for dim, keepdim in ((None, False), (None, True), (1, False), (0, True), (-1, True)):
            out = torch.quantile(x, q, dim=dim, keepdim=keepdim, interpolation=interp)
            print(interp, dim, keepdim, out)
            x.grad = None
            (out * torch.arange(1., out.numel() + 1).reshape(out.shape)).sum().backward()
            print(x.grad)
walk(torch.quantile(x, 0.4, dim=1).grad_fn)
walk(torch.quantile(x, torch.tensor([0.25, 0.5]), dim=0, keepdim=True, interpolation='midpoint').grad_fn)
walk(torch.quantile(x, 0.3).grad_fn)
n = torch.quantile(x, 0.4, dim=1).grad_fn.next_functions[0][0]
print(n, n._saved_weight, n._saved_self, n._saved_end)
print(x.quantile(0.5), x.nanquantile(torch.tensor([0.1, 0.6]), 1))
y = torch.tensor([[1., float('nan'), 3., 2.], [float('nan'), float('nan'), 1., 0.], [float('nan')] * 4], requires_grad=True)
for f in (torch.quantile, torch.nanquantile):
    out = f(y, 0.5, dim=1)
    print(out)
    out = f(y, torch.tensor([0.2, 0.7]), dim=1, interpolation='nearest')
    print(out)
    y.grad = None
    f(y, 0.3, dim=1)[:2].sum().backward()
    print(y.grad)
print(torch.nanquantile(y, 0.5))
s = torch.tensor(2.5, requires_grad=True)
print(torch.quantile(s, 0.3), torch.quantile(s, 0.3, dim=0), torch.quantile(s, torch.tensor([0.3]), keepdim=True))
walk(torch.quantile(s, 0.3, dim=0).grad_fn)
z = torch.linspace(0, 1, 11, dtype=torch.float64)
print(torch.quantile(z, torch.tensor([0.05, 0.15, 0.25, 0.35, 0.45], dtype=torch.float64), interpolation='nearest'))
print(torch.quantile(torch.arange(24.).reshape(2, 3, 4).sin(), 0.3, dim=1))
for bad in (lambda: torch.quantile(x, 1.5), lambda: torch.nanquantile(x, torch.tensor([1.5])),
            lambda: torch.quantile(x[:0], 0.5), lambda: torch.quantile(x, torch.ones(2, 2) / 2),
            lambda: torch.quantile(x.long(), 0.5), lambda: torch.quantile(x, torch.tensor([.5], dtype=torch.float64)),
            lambda: torch.quantile(x, 0.5, interpolation='foo'), lambda: torch.quantile(x, 0.5, dim=3)):
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
