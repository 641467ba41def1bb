# Tensor.new, the legacy constructor older scripts use: sizes or data in the tensor's dtype.
import torch
x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(x.new(2, 3).shape, x.new(2, 3).dtype, x.new([1, 2]), x.new((2, 3)), x.new(torch.Size([2, 3])).shape, x.new())
print(x.new([[1, 2], [3, 4]]).dtype, torch.tensor([1, 2]).new([1.5]), x.new(3).requires_grad, x.new(0), x.new([True]))
print(x.new(4).zero_(), x.new(2, 2).fill_(7.0), x.new(3).shape)
for f in (lambda: x.new(2.5), lambda: x.new(-1), lambda: x.new(2, -3)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
