import torch
# F.local_response_norm keeps a channels_last (or permuted) input's layout as torch: its last step divides the
# input by the denominator, and TensorIterator lays the result out as its first operand (mixed_layout_elementwise).
import torch.nn.functional as F
x = torch.arange(48.).reshape(1, 4, 3, 4).contiguous(memory_format=torch.channels_last)
for size in (1, 2, 3, 5):
    o = F.local_response_norm(x, size, alpha=0.01, beta=0.5, k=2.)
    print(size, o.stride(), o.is_contiguous(memory_format=torch.channels_last))
o = F.local_response_norm(x, 2)
print(o)
xr = x.clone().requires_grad_()
o = F.local_response_norm(xr, 3)
print(o.grad_fn.name(), o.stride())
(o * torch.arange(48.).reshape(1, 4, 3, 4)).sum().backward()
print(xr.grad.stride())
print(xr.grad)
x5 = torch.arange(96.).reshape(1, 4, 2, 3, 4).contiguous(memory_format=torch.channels_last_3d)
o5 = F.local_response_norm(x5, 2)
print(o5.stride(), o5.is_contiguous(memory_format=torch.channels_last_3d))
x3 = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).contiguous().transpose(1, 2)
o3 = F.local_response_norm(x3, 2)
print(o3.stride())
print(o3)
