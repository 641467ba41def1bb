import torch
def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)
for f in (torch.atleast_1d, torch.atleast_2d, torch.atleast_3d):
    for shape in ((), (3,), (2, 3), (2, 3, 4)):
        x = torch.ones(shape, requires_grad=True) * 2
        y = f(x)
        print(tuple(y.shape))
        walk(y.grad_fn)
        y.sum().backward()
a, b = torch.ones(3), torch.ones(())
print([tuple(t.shape) for t in torch.atleast_2d(a, b)], [tuple(t.shape) for t in torch.atleast_3d([a, b])])
print(torch.vstack([a, a]), torch.vstack([a, a]).shape)
v = torch.arange(3.).requires_grad_()
w = torch.vstack([v, v * 2])
walk(w.grad_fn)
