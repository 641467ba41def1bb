import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
b = a * 1
v = b[1:3]
s = v.exp()
v.add_(1)
print(b._version, v._version)
try:
    s.sum().backward()
except RuntimeError as e:
    print(str(e)[:120])
c = a.sigmoid()
c.mul_(2)
try:
    c.sum().backward()
except RuntimeError as e:
    print(str(e)[:120])
d = a.clone()
dv = d.view(2, 2)
dv[0, 0] = 10.0
print(d)
print(d.grad_fn)
d.sum().backward()
print(a.grad)
