import torch

# torch has no derivative for floor_divide: its result hangs from a NotImplemented node and a
# backward that reaches it raises (in place too, naming floor_divide_). div with a rounding mode is
# differentiable, with a zero gradient, in place too.
p = torch.tensor([1.5, -3.5], requires_grad=True)
r = torch.floor_divide(p, 2)
print(r, r.requires_grad, r.grad_fn.name(), r.grad_fn.next_functions)
try:
    r.sum().backward()
except RuntimeError as e:
    print(e)
q = p.clone()
q.floor_divide_(torch.tensor([2., 2.]))
print(q, q._version)
try:
    (q * 2).sum().backward()
except RuntimeError as e:
    print(e)
print(p // 2, (p // 2).grad_fn.name())
with torch.no_grad():
    print(torch.floor_divide(p, 2))

for mode in ("floor", "trunc"):
    s = p.clone()
    s.div_(torch.tensor([2., 2.]), rounding_mode=mode)
    (s * torch.tensor([1., 2.])).sum().backward()
    print(mode, s.detach(), s.requires_grad, s._version, p.grad)
    p.grad = None
print(p.div(2, rounding_mode="floor").detach(), torch.div(p, 2, rounding_mode="trunc").requires_grad)
