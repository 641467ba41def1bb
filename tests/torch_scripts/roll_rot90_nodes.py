"""roll without dims and rot90 are one node each (RollBackward0 with dims=(), Rot90Backward0 with its unsigned
saved ints), under backward, double backward, vmap, jacrev, jacfwd and hessian; their argument errors."""
import torch
from torch.func import vmap, jacrev, jvp, jacfwd, hessian
x = torch.arange(12.).reshape(3, 4).requires_grad_()
y = x.roll(2); print(y, y.grad_fn, y.grad_fn._saved_dims, y.grad_fn._saved_shifts)
y.backward(torch.arange(12.).reshape(3, 4)); print(x.grad)
y = x.roll((1, 2), (0, 1)); print(y.grad_fn._saved_dims, y.grad_fn._saved_shifts)
y = x.roll(-5); print(y)
y = torch.roll(x, shifts=(1, 1), dims=(0, 0)); print(y, y.grad_fn._saved_dims)
for k in (-1, 0, 1, 2, 3, 5):
    r = torch.rot90(x, k, [1, 0]); print(k, r, r.grad_fn, r.grad_fn._saved_dims, r.grad_fn._saved_k)
    x.grad = None; r.backward(torch.ones_like(r) * torch.arange(r.numel()).reshape(r.shape)); print(x.grad)
r = x.rot90(1, (-1, -2)); print(r.grad_fn._saved_dims)
r = torch.rot90(x.unsqueeze(0), 1, [0, 2]); print(r.shape, r.grad_fn._saved_dims)
g, = torch.autograd.grad(x.rot90().sum() ** 2, x, create_graph=True); print(g.grad_fn)
h = torch.autograd.grad(g.sum(), x)[0]; print(h)
g, = torch.autograd.grad((x.roll(3) * x).sum(), x, create_graph=True); print(g.grad_fn)
for bad in [lambda: x.roll(2, (0, 1)), lambda: x.roll((1, 2)), lambda: x.roll(1, 5), lambda: torch.rot90(x, 1, [0, 0]),
            lambda: torch.rot90(x, 1, [0, 5]), lambda: torch.rot90(x, 1, [0]), lambda: torch.rot90(x[0], 1), lambda: x.roll([])]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
z = torch.tensor(3., requires_grad=True).roll(1); print(z, z.grad_fn)
print(torch.roll(torch.arange(6), 1), torch.rot90(torch.arange(6).reshape(2, 3)))
from torch.func import vmap, jacrev, jvp
x = torch.arange(24.).reshape(2, 3, 4)
print(vmap(lambda t: t.roll(1))(x))
print(vmap(lambda t: torch.rot90(t, 1, (0, 1)))(x))
print(vmap(lambda t: t.roll(2, 0), in_dims=2)(x).shape)
y = torch.arange(12.).reshape(3, 4)
r = torch.rot90(y)
print(r.stride(), r.is_contiguous(), torch.rot90(y, 2).stride(), torch.rot90(y, 3).stride(), torch.rot90(y, 0).stride())
print(jacrev(lambda t: t.roll(1))(torch.arange(3.)))
print(jvp(lambda t: torch.rot90(t), (y,), (torch.ones(3, 4),))[1])
print(jvp(lambda t: t.roll(5), (y,), (y,))[1])
z = torch.arange(6.).reshape(2, 3).requires_grad_()
out = torch.rot90(z, 1) * torch.rot90(z, -1)
g, = torch.autograd.grad(out.sum(), z, create_graph=True)
print(g, g.grad_fn)
print(torch.autograd.grad(g.pow(2).sum(), z))
print(torch.autograd.gradcheck(lambda t: torch.rot90(t, 3, (1, 0)), (torch.randn(3, 4, dtype=torch.float64, requires_grad=True),)))
print(torch.autograd.gradgradcheck(lambda t: t.roll(-2) ** 2, (torch.randn(3, 4, dtype=torch.float64, requires_grad=True),)))
y = torch.arange(6.).reshape(2, 3)
print(jacrev(lambda t: t.roll(1, 1))(y).reshape(6, 6))
print(jacrev(lambda t: t.flip(1))(y).reshape(6, 6))
print(jacrev(lambda t: t.roll(1))(y).reshape(6, 6))
print(jacfwd(lambda t: t.roll(1))(y).reshape(6, 6))
print(jacrev(lambda t: torch.rot90(t))(y).reshape(6, 6))
print(hessian(lambda t: (t.roll(2) * t).sum())(torch.arange(3.)))
print(torch.autograd.functional.jacobian(lambda t: t.roll(1), torch.arange(3.), vectorize=True))
