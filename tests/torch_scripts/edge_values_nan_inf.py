import torch
import torch.nn.functional as F

# relu passes the gradient on at NaN (torch's threshold_backward tests "x <= 0"); elu, celu and
# hardtanh are left out: torch's answer at NaN there depends on the element's SIMD lane
nan, inf = float("nan"), float("inf")
x = torch.tensor([nan, -1.0, 0.0, 2.0], requires_grad=True)
for name, fn in [("relu", torch.relu), ("leaky_relu", F.leaky_relu)]:
    g, = torch.autograd.grad(fn(x).sum(), x)
    print(name, g)

# median of a tensor with NaNs is NaN, and its gradient goes evenly to the NaNs
m = torch.tensor([nan, 1.0, nan, 3.0], requires_grad=True)
y = m.median()
y.backward()
print(y, m.grad)
r = torch.tensor([[1.0, nan, 3.0, nan], [2.0, 1.0, 3.0, 0.0]], requires_grad=True)
values, indices = r.median(1)
values.sum().backward()
print(values, indices, r.grad)

# floor division rounds as torch's kernel: inf // 2 is nan, -3 // inf is -1
a = torch.tensor([7.0, -3.0, inf, -inf, -3.0, 3.0], requires_grad=True)
b = torch.tensor([2.0, 2.0, 2.0, 3.0, inf, -inf])
q = a.div(b, rounding_mode="floor")
print(q.detach())
print((a // b).detach())
q.sum().backward()
print(a.grad)

# remainder's gradient for other is -floor(self / other) with the same rounding
s = torch.tensor([inf, -3.0, 5.0])
o = torch.tensor([2.0, inf, 3.0], requires_grad=True)
torch.remainder(s, o).sum().backward()
print(o.grad)

# lerp computes from end when weight >= 0.5 (lerp(inf, 2, 0.5) is inf)
s = torch.tensor([inf, 1.0, 1.0], requires_grad=True)
e = torch.tensor([2.0, inf, 3.0])
w = torch.tensor([0.5, 0.25, 0.75], requires_grad=True)
y = torch.lerp(s, e, w)
print(y)
print(torch.lerp(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]), 0.7))
y.sum().backward()
print(s.grad, w.grad)
