import torch

# clamp with tensor bounds: where min == max, where min > max and at infinite bounds the gradient
# goes where torch's clamp_backward_min_max sends it (sometimes to nobody).
inf = float("inf")
x = torch.tensor([0.0, 1.0, 2.0, 0.5, -1.0, 3.0, 2.0, -1.0, 0.0], requires_grad=True)
lo = torch.tensor([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -inf, inf, -inf], requires_grad=True)
hi = torch.tensor([1.0, 1.0, 1.0, 0.0, 0.0, inf, -inf, inf, -inf], requires_grad=True)
y = torch.clamp(x, lo, hi)
print(y)
y.sum().backward()
print(x.grad)
print(lo.grad)
print(hi.grad)
