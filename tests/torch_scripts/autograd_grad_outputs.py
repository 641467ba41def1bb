import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x ** 2
v = torch.tensor([[1.0, 0.0], [0.5, 2.0]])
g, = torch.autograd.grad(y, x, grad_outputs=v)
print(g)
y2 = x.sum(dim=0)
g2, = torch.autograd.grad(y2, x, grad_outputs=torch.tensor([1.0, -1.0]))
print(g2)
try:
    torch.autograd.grad(y2, x, grad_outputs=torch.ones(3))
except RuntimeError as e:
    print(e)
a = torch.tensor(2.0, requires_grad=True)
o1 = a ** 2
o2 = a ** 3
print(torch.autograd.grad([o1, o2], a))
print(torch.autograd.grad([a * 2, a * 5], a, grad_outputs=[torch.tensor(1.0), torch.tensor(0.1)]))
