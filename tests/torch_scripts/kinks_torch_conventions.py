import torch

x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
for name, fn in [("relu", torch.relu), ("abs", torch.abs), ("clamp", lambda t: t.clamp(min=0.0)),
                 ("sign", torch.sign), ("floor", torch.floor)]:
    g, = torch.autograd.grad(fn(x).sum(), x)
    print(name, g)
z = torch.tensor(0.0, requires_grad=True)
torch.sqrt(z).backward()
print(z.grad)
a = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
a.max().backward()
print(a.grad)
b = torch.tensor([2.0, 2.0], requires_grad=True)
torch.maximum(b[0], b[1]).backward()
print(b.grad)
c = torch.tensor([0.0, 1.0], requires_grad=True)
(c ** 0.5).sum().backward()
print(c.grad)
d = torch.tensor(0.0, requires_grad=True)
(d * torch.log(d)).backward()
print(d.grad)
