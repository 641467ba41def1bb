# nn.GroupNorm / F.group_norm record torch's NativeGroupNormBackward0 (was a chain ending in
# AddBackward0), with its saved values; gradients of input, weight and bias; vmap over a batch.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.linspace(-2, 3, 2 * 4 * 3).view(2, 4, 3).requires_grad_()
gn = nn.GroupNorm(2, 4)
with torch.no_grad():
    gn.weight.copy_(torch.tensor([1., 2., -1., 0.5]))
    gn.bias.copy_(torch.tensor([0., 0.1, 0.2, 0.3]))
y = gn(x)
print(y)
fn = y.grad_fn
print(fn, fn.next_functions)
print(fn._saved_N, fn._saved_C, fn._saved_HxW, fn._saved_group, fn._saved_eps)
print(fn._saved_result1, fn._saved_result2)
(y * torch.arange(24.).view(2, 4, 3)).sum().backward()
print(x.grad)
print(gn.weight.grad, gn.bias.grad)

z = F.group_norm(torch.tensor([[1., 2., 3., 4.]], requires_grad=True), 2)
print(z, z.grad_fn.next_functions)
x4 = torch.linspace(0, 1, 16).view(2, 2, 2, 2).requires_grad_()
out = F.group_norm(x4, 1, torch.tensor([1., 2.]), None, eps=1e-3)
out.pow(3).sum().backward()
print(out)
print(x4.grad)
try:
    F.group_norm(torch.ones(2, 3), 2)
except RuntimeError as e:
    print(e)
print(torch.func.vmap(lambda v: F.group_norm(v, 2))(torch.linspace(-2, 3, 48).view(2, 2, 4, 3)))
print(torch.autograd.gradcheck(lambda v: F.group_norm(v, 2), (x.detach().double().requires_grad_(),)))
