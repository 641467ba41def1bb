import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x.register_hook(lambda g: g * 10)
(x ** 2).sum().backward()
print(x.grad)
h.remove()
x.grad = None
(x ** 2).sum().backward()
print(x.grad)
y = torch.tensor([1.0, -1.0], requires_grad=True)
z = y * 3
z.register_hook(lambda g: g.clamp(max=0.5))
z.register_hook(lambda g: print("grad at z", g))
(z * torch.tensor([2.0, -2.0])).sum().backward()
print(y.grad)
def zero_first(g):
    g = g.clone()
    g[0] = 0.0
    return g
a = torch.ones(3, requires_grad=True)
a.register_hook(zero_first)
(a * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(a.grad)
