import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 2 * x.sin()).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
h = []
for i in range(3):
    row, = torch.autograd.grad(g[i], x, retain_graph=True)
    h.append(row)
print(torch.stack(h))
gn = g.norm()
gn.backward()
print(x.grad)
