import torch
# in-place ops on a tensor whose elements share memory (expand, as_strided with a zero stride): fill_ and
# zero_ with a number write it, other in-place ops raise torch's internal-overlap error (add_ on a zero
# stride wrote each place once and exited 0); a fill_ of a view that records a graph fails in backward
x = torch.zeros(1)
y = x.expand(3)
y.fill_(2)
print(x, x._version, y._version)
try:
    y.fill_(torch.tensor(5.))
except RuntimeError as e:
    print("fill_(tensor):", e)
y.zero_()
print(x)
w = torch.zeros(2, requires_grad=True)
z = w.clone().expand(2, 2)
z.fill_(1)
print(z, z.grad_fn)
try:
    z.sum().backward()
except RuntimeError as e:
    print("backward:", e)
s = torch.zeros(4)
v = s.as_strided((2, 2), (0, 1))
v.fill_(3)
print(s)
v.zero_()
print(s)
for op in ("add_", "mul_", "sub_", "clamp_"):
    try:
        getattr(v, op)(1)
    except RuntimeError as e:
        print(op, e)
try:
    v.copy_(torch.ones(2, 2))
except RuntimeError as e:
    print("copy_:", e)
try:
    v.index_add_(0, torch.tensor([0]), torch.ones(1, 2))
except RuntimeError as e:
    print("index_add_:", e)
print(s, s.as_strided((3,), (1,)).add_(1), s)
