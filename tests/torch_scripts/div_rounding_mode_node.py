"""torch.div with rounding_mode is one DivBackward2 node (saving self, other and the mode) whose gradients are
zeros, not a FloorBackward0/TruncBackward0 over a DivBackward0; its values at inf, nan, 0 and for int dtypes."""
import torch
x = torch.tensor([5., -7., 3.], requires_grad=True)
y = torch.tensor([[2.], [-3.]], requires_grad=True)
for mode in ["floor", "trunc"]:
    d = torch.div(x, y, rounding_mode=mode)
    print(d, d.grad_fn, d.grad_fn.next_functions)
    print([k for k in dir(d.grad_fn) if k.startswith("_saved")], d.grad_fn._saved_rounding_mode)
    print(d.grad_fn._saved_self, d.grad_fn._saved_other)
    gx, gy = torch.autograd.grad(d.sum(), (x, y), create_graph=True)
    print(gx, gy, gx.requires_grad, gx.grad_fn)
    d2 = x.div(2, rounding_mode=mode)
    print(d2, d2.grad_fn, [k for k in dir(d2.grad_fn) if k.startswith("_saved")])
    print(d2.grad_fn._saved_other)
    d3 = torch.div(10., x, rounding_mode=mode) if False else torch.div(torch.tensor(10.), x, rounding_mode=mode)
    print(d3, d3.grad_fn.next_functions)
    z = x.clone()
    z.div_(2, rounding_mode=mode)
    print(z, z.grad_fn)
    z.sum().backward()
    print(x.grad)
    x.grad = None
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    dd = fwAD.make_dual(x.detach(), torch.ones(3))
    print(fwAD.unpack_dual(torch.div(dd, 2., rounding_mode="floor")).tangent)
from torch.func import grad, vmap
print(grad(lambda t: torch.div(t, 2., rounding_mode="floor").sum())(x.detach()))
i = torch.tensor([7, -7])
print(torch.div(i, 2, rounding_mode="floor"), torch.div(i, 2, rounding_mode="trunc"), torch.div(i, 2))
f = torch.tensor([7., -7., 0., -0., float("inf"), -float("inf"), float("nan"), 1., -1., 5.5])
for den in [2., -2., 0., float("inf"), -float("inf"), 0.5]:
    print(den, torch.div(f, den, rounding_mode="floor"), torch.div(f, den, rounding_mode="trunc"))
i32 = torch.tensor([7, -7, 9], dtype=torch.int32)
print(torch.div(i32, 2, rounding_mode="trunc"), torch.div(i32, -2, rounding_mode="floor"), torch.div(i32, 2.5, rounding_mode="floor"))
print(torch.div(i32, torch.tensor([2, 3, -4]), rounding_mode="trunc"))
print(torch.div(torch.tensor([7, -7]), torch.tensor([2.0, 2.0], dtype=torch.float64), rounding_mode="floor"))
h = torch.tensor([7., -7.5], dtype=torch.float16)
print(torch.div(h, 2, rounding_mode="floor"), torch.div(h, 2, rounding_mode="trunc"))
j = torch.tensor([9, -9])
j.div_(4, rounding_mode="floor")
print(j)
try:
    torch.div(torch.tensor([1, 2]), torch.tensor([0, 1]), rounding_mode="floor")
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.div(f, 2, rounding_mode="round")
except RuntimeError as e:
    print("RuntimeError:", e)
big = torch.tensor([2**53 + 1, -(2**53 + 1)])
print(torch.div(big, 3, rounding_mode="trunc"), torch.div(big, 3, rounding_mode="floor"))
