import torch


def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)


x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
walk(torch.linalg.multi_dot([x.t(), x, x.t(), x]).grad_fn)
a = torch.ones(2, 5, requires_grad=True)
b = torch.ones(5, 3)
c = torch.ones(3, 7)
d = torch.ones(7, 2)
walk(torch.linalg.multi_dot([a, b, c, d]).grad_fn)
shapes = [(2, 5), (5, 3), (3, 7), (7, 2), (2, 6)]
mats = [torch.linspace(-1, 1, r * c, dtype=torch.float64).reshape(r, c).requires_grad_() for r, c in shapes]
for k in (3, 4, 5):
    y = torch.linalg.multi_dot(mats[:k])
    walk(y.grad_fn)
    y.sum().backward()
    print(y, [m.grad.abs().sum() for m in mats[:k]])
v = torch.linspace(0, 1, 5, dtype=torch.float64)
w = torch.linspace(1, 2, 7, dtype=torch.float64)
walk(torch.linalg.multi_dot([v, mats[1], mats[2], w]).grad_fn)
walk(torch.linalg.multi_dot([torch.ones(10, 1), torch.ones(1, 10), torch.ones(10, 1)]).grad_fn)
walk(torch.linalg.multi_dot([torch.ones(1, 10, requires_grad=True), torch.ones(10, 1), torch.ones(1, 10)]).grad_fn)
print(torch.linalg.multi_dot([v, mats[1], mats[2], w]))
