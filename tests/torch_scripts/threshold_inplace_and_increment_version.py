import torch
import torch.nn.functional as F
x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
y = x * 1
z = F.threshold(y, 1.0, 0.0, inplace=True)
print(z, z is y, y, z.grad_fn, y._version)
z.sum().backward(); print(x.grad)
u = torch.tensor([-1.0, 0.5, 2.0]); F.threshold_(u, 1.0, 0.0); print(u)
print(torch.threshold_(torch.tensor([3.0, 0.1]), 1.0, -5.0))
w = torch.tensor([0.2, 3.0], requires_grad=True)
v = w * 2
F.threshold_(v, 1.0, 5.0)
v.sum().backward(); print(v, w.grad)
m = torch.nn.Threshold(0.1, 20.0, inplace=True)
a = torch.tensor([0.0, 0.5, -3.0])
print(m(a), a, m)
t = torch.zeros(2)
torch.autograd.graph.increment_version([t, t])
print(t._version)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 1
c = b * b
b.data.mul_(3)
torch.autograd.graph.increment_version(b)
try:
    c.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:120])
