import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 4
dy, = torch.autograd.grad(y, x, create_graph=True)
d2y, = torch.autograd.grad(dy, x, create_graph=True)
d3y, = torch.autograd.grad(d2y, x, create_graph=True)
d4y, = torch.autograd.grad(d3y, x)
print(dy, d2y, d3y, d4y, sep="\n")
print(dy.grad_fn)

t = torch.tensor(0.5, requires_grad=True)
f = torch.sin(t) * torch.exp(t)
derivs = []
g = f
for k in range(4):
    g, = torch.autograd.grad(g, t, create_graph=True)
    derivs.append(round(g.item(), 4))
print(derivs)
