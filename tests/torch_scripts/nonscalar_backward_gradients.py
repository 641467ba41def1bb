import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x ** 2
y.backward(torch.tensor([[1.0, 0.0], [0.5, 2.0]]))
print(x.grad)
x.grad.zero_()
y2 = x.sum(dim=0)
y2.backward(gradient=torch.ones(2))
print(x.grad)
try:
    y3 = x * 3
    y3.backward(torch.ones(4))
except RuntimeError as e:
    print(e)
z = torch.tensor(2.0, requires_grad=True)
(z * 3).backward(torch.tensor(0.5))
print(z.grad)
