import torch

x = torch.tensor([3.0, 1.0, 4.0, 1.5, 9.0, 2.0], requires_grad=True)
vals, idx = torch.sort(x)
print(vals, idx)
print(x.sort(descending=True))
top = torch.topk(x, 3)
print(top.values, top.indices)
(top.values * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(x.grad)
x.grad = None
s = x.sort().values
(s * torch.arange(6.0)).sum().backward()
print(x.grad)
print(torch.argsort(x), x.argsort(descending=True))
m = torch.tensor([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
print(m.sort(dim=1))
print(m.topk(2, dim=1, largest=False))
print(m.max(dim=1).values, m.min(1).indices)
