# torch.where's condition is not differentiable: WhereBackward0 has edges for self and other only,
# keeps the condition as _saved_condition, and two numbers give torch's dtypes
import torch

a = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, 0.5, 0.5], requires_grad=True)
c = a > 0
y = torch.where(c, a, b)
print(y.grad_fn, len(y.grad_fn.next_functions))
print([type(n).__name__ for n, _ in y.grad_fn.next_functions])
print(y.grad_fn._saved_condition)
print(torch.where(c, a, 0.0).grad_fn.next_functions[1])
print(a.where(c, b).grad_fn.next_functions[0][0] is a.grad_fn)
y.sum().backward()
print(a.grad, b.grad)

# the condition broadcasts: the output can be larger than both operands
x = torch.where(c.reshape(3, 1), a, 0.0)
print(x)
x.sum().backward()
print(a.grad)

print(torch.where(c, 1.0, 0.0), torch.where(c, 1, 0), torch.where(c, 1.0, torch.tensor([2, 3, 4])))
h = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
print(torch.where(c, h, a).dtype)

from torch.func import jacrev, vmap
cb = torch.tensor([[True, False], [False, True], [True, True]])
print(vmap(lambda cc, v: torch.where(cc, v, -v))(cb, torch.ones(3, 2)))
print(vmap(lambda v: torch.where(v > 0.5, v, 0.0))(torch.tensor([[0.2, 0.7], [0.9, 0.1]])))
print(jacrev(lambda v: torch.where(v > 1.5, v * v, v))(torch.tensor([1.0, 2.0])))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 1.0]))
    print(fwAD.unpack_dual(torch.where(d > 1.5, d * 3, d)).tangent)

torch.where(torch.tensor([1.0, 0.0, 1.0]), a, a)
