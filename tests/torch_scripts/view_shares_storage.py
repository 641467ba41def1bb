import torch

base = torch.arange(6.0)
v = base.view(2, 3)
print(v)
v[0, 0] = 100.0
print(base)
print(v._version, base._version)
print(v._base is base)
t = v.t()
print(t.is_contiguous(), v.is_contiguous())
print(t.contiguous().view(-1))
try:
    t.view(-1)
except RuntimeError as e:
    print(e)
print(t.reshape(-1))
s = base[1:4]
s.mul_(10)
print(base)
print(base.stride(), v.stride(), t.stride())
