import torch
from torch.func import vmap


def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)


y = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
t = torch.tensor([0., 1., 3., 4.], requires_grad=True)
cases = [lambda: torch.trapezoid(y), lambda: torch.trapezoid(y, dx=0.5, dim=0), lambda: torch.trapezoid(y, t),
         lambda: torch.trapz(y, t * 2), lambda: torch.trapz(y, dx=3),
         lambda: torch.cumulative_trapezoid(y), lambda: torch.cumulative_trapezoid(y, dx=2.), lambda: torch.cumulative_trapezoid(y, t),
         lambda: torch.trapezoid(y, t.reshape(1, 4).expand(3, 4)), lambda: torch.cumulative_trapezoid(y, dim=0)]
for f in cases:
    r = f()
    print(r)
    walk(r.grad_fn)
    y.grad = t.grad = None
    r.sum().backward()
    print(y.grad, t.grad)
print(torch.trapezoid(torch.zeros(2, 0)), torch.trapezoid(torch.arange(4)), torch.trapz(torch.arange(4.), torch.arange(4.) * 2))
print(torch.cumulative_trapezoid(torch.arange(5)), torch.trapezoid(torch.tensor(2.).reshape(1)))
for bad in (lambda: torch.trapezoid(torch.tensor([True])), lambda: torch.trapezoid(y, 0.25), lambda: torch.trapezoid(y, torch.arange(3.))):
    try:
        bad()
    except (RuntimeError, TypeError) as e:
        print(e)
print(torch.cumulative_trapezoid(torch.zeros(2, 0)), torch.cumulative_trapezoid(torch.zeros(2, 1)))
w = torch.arange(24.).reshape(2, 3, 4).sin()
print(vmap(lambda r: torch.trapezoid(r))(w), vmap(lambda r: torch.cumulative_trapezoid(r, dx=0.5, dim=0))(w))
