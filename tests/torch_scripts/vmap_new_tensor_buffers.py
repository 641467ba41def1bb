# Tensor.new_zeros/new_ones/new_full/new_empty/new_tensor inside vmap give one tensor per example
# (torch's batching rule), so a buffer built from them can take each example's values.
import torch
from torch.func import grad, vmap

x = torch.arange(6.).reshape(3, 2)


def made(a):
    return (a.new_zeros(2), a.new_ones(2, 1), a.new_full((2,), 5.), a.new_empty(2).zero_(),
            a.new_tensor([1., 2.]), a.new_zeros((1,)), a.new_zeros(2, dtype=torch.int64))


print([(t.shape, t.dtype) for t in vmap(made)(x)])


def scatter_halves(a):
    buf = a.new_zeros(4)
    buf[:2] = a
    buf[2:] = a * 2
    return buf


print(vmap(scatter_halves)(x))


def accumulate(a):
    buf = a.new_zeros(2)
    buf += a
    buf.mul_(a.new_full((2,), 3.))
    return buf


print(vmap(accumulate)(x))
print(vmap(lambda a: a.new_ones(2) * a)(x))
print(vmap(lambda a: a.new_zeros(()) + a.sum())(x))
print(vmap(grad(lambda a: (scatter_halves(a) ** 2).sum()))(x))
print(vmap(vmap(lambda s: s.new_zeros(2).index_fill_(0, torch.tensor(1), 1.0) * s))(x))
