import torch

x = torch.arange(2000.0, requires_grad=True)
y = x * 2
print(y)
z = x.reshape(40, 50) + 1
print(z)
w = torch.ones(1500, dtype=torch.float64, requires_grad=True) * 3
print(w)
print(torch.arange(1001))
