import torch
import math

x = torch.tensor(0.5, requires_grad=True)
y = math.pi * x + 1
print(y)
z = x * math.e
print(z)
y2 = torch.sin(math.pi * x)
y2.backward()
print(x.grad, math.pi * math.cos(math.pi * 0.5))
vals = [float(v) for v in torch.linspace(0, 1, 3)]
print(vals)
print(max(torch.tensor([3.0, 1.0])), min([torch.tensor(2.0), torch.tensor(-1.0)]))
print(round(torch.tensor(2.567).item(), 1))
print(abs(torch.tensor(-2.0)), pow(torch.tensor(2.0), 3))
print(torch.tensor(3.0) > 2, 2 < torch.tensor(3.0))
total = 0.0
for v in torch.tensor([0.5, 1.5]):
    total += v.item()
print(total)
print(sum([torch.tensor(1.0), torch.tensor(2.0)]))
