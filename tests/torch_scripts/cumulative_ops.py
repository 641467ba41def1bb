import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
c = torch.cumsum(x, dim=0)
print(c)
c.sum().backward()
print(x.grad)
x.grad = None
p = torch.cumprod(x, dim=0)
print(p)
p[-1].backward()
print(x.grad)
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(m.cumsum(1), m.cumprod(0))
print(torch.diff(torch.tensor([1.0, 4.0, 9.0, 16.0])) if hasattr(torch, "diff") else None)
