# Tensor.unfold: sliding windows as a view (UnfoldBackward0), overlapping windows in backward, errors, vmap.
import torch
x = torch.arange(6., requires_grad=True)
y = x.unfold(0, 3, 2)
print(y, y.grad_fn._saved_dimension, y.grad_fn._saved_self_sym_sizes, y.grad_fn._saved_size, y.grad_fn._saved_step, y._base is x, y.stride(), y.is_contiguous())
y.sum().backward(); print(x.grad)
x2 = torch.arange(12.).reshape(3, 4)
print(x2.unfold(1, 2, 1).shape, x2.unfold(-1, 4, 4), x2.unfold(0, 2, 1))
for args in ((1, 5, 1), (1, 2, 0)):
    try:
        x2.unfold(*args)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.tensor(5.).unfold(0, 1, 1))
w = torch.randn(2, 7, 3, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: t.unfold(1, 3, 2), (w,)), torch.autograd.gradgradcheck(lambda t: t.unfold(1, 3, 2), (w,)))
sig = torch.linspace(0, 1, 10, requires_grad=True)
frames = sig.unfold(0, 4, 2)
(frames ** 2).mean(-1).sum().backward()
print(sig.grad)
print(torch.func.vmap(lambda t: t.unfold(0, 2, 1).sum(-1))(torch.arange(8.).reshape(2, 4)))
