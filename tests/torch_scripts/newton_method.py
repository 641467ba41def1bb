import torch

def f(x):
    return x ** 3 - 2 * x - 5

x = torch.tensor(2.0, requires_grad=True)
for i in range(6):
    y = f(x)
    dy, = torch.autograd.grad(y, x)
    with torch.no_grad():
        x -= y / dy
    print(i, f"{x.item():.8f}", f"{y.item():.3e}")

def g(v):
    return (v ** 4).sum() - 3 * (v ** 2).sum()

v = torch.tensor([2.0, -0.5], dtype=torch.float64, requires_grad=True)
for _ in range(5):
    grad, = torch.autograd.grad(g(v), v, create_graph=True)
    H = torch.stack([torch.autograd.grad(grad[i], v, retain_graph=True)[0] for i in range(2)])
    with torch.no_grad():
        v -= torch.linalg.solve(H, grad)
print(v)
