import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
g2, = torch.autograd.grad(g, x, retain_graph=True)
print(g2)
g3, = torch.autograd.grad(g, x)
print(g3)
try:
    torch.autograd.grad(g, x)
except RuntimeError as e:
    print(str(e)[:60])
z = x * x
z.backward(retain_graph=True)
z.backward()
print(x.grad)
x.grad = None
w = x.exp()
w.backward(create_graph=True)
print(x.grad.detach(), x.grad.requires_grad)
x.grad.backward()
print(x.grad.detach())
