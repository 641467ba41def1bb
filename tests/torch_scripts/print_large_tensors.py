import torch

a = torch.arange(2000.0)
print(a)
b = torch.arange(1200).reshape(40, 30)
print(b)
c = torch.linspace(0, 1, 1001, requires_grad=True)
print(c * 2)
print(torch.ones(3, 4, 5)[0])
print(torch.zeros(0))
print(torch.zeros(2, 0))
print(torch.arange(8.0).reshape(2, 2, 2))
