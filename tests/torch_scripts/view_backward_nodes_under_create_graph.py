"""Gradients through select, slice, narrow and diagonal taken with create_graph=True carry torch's backward
ops (SelectBackwardBackward0, SliceBackwardBackward0, DiagonalBackwardBackward0), and differentiate again; kron's
operands are _unsafe_view-ed as torch's."""
import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x[0] ** 2 + x[1:].sum() * 3
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
g2, = torch.autograd.grad((x[1:] ** 3).sum(), x, create_graph=True)
print(g2)
m = torch.arange(6.).reshape(2, 3).requires_grad_()
g3, = torch.autograd.grad((m[:, 1] ** 2).sum(), m, create_graph=True); print(g3)
g4, = torch.autograd.grad((m[1] ** 2).sum(), m, create_graph=True); print(g4)
g5, = torch.autograd.grad((m[..., ::2] ** 2).sum(), m, create_graph=True); print(g5)
g6, = torch.autograd.grad((m.diagonal() ** 2).sum(), m, create_graph=True); print(g6)
g7, = torch.autograd.grad((m[[0, 1], [1, 2]] ** 2).sum(), m, create_graph=True); print(g7)
g8, = torch.autograd.grad((m.narrow(1, 1, 2) ** 2).sum(), m, create_graph=True); print(g8)
g9, = torch.autograd.grad((m.unbind(0)[1] ** 2).sum(), m, create_graph=True); print(g9)
g10, = torch.autograd.grad((m.split(1, 1)[2] ** 2).sum(), m, create_graph=True); print(g10)
g11, = torch.autograd.grad((m.expand(2, 2, 3) ** 2).sum(), m, create_graph=True); print(g11)
g12, = torch.autograd.grad((m.t() ** 2).sum(), m, create_graph=True); print(g12)
print(torch.autograd.grad(g.sum(), x, allow_unused=True), torch.autograd.grad(g4.sum(), m))
a = torch.arange(6.).reshape(2, 3).requires_grad_()
b = torch.tensor([[1., -1.], [2., 0.5]], requires_grad=True)
for x, y in [(a, b), (a[0], b), (b, a[:, 1])]:
    k = torch.kron(x, y)
    n = k.grad_fn
    print(k.shape, n, [type(f).__name__ for f, _ in n.next_functions[0][0].next_functions], n._saved_self_sym_sizes)
    g = torch.autograd.grad((k * k).sum(), (a, b), create_graph=True)
    print(g[0], g[1])
    print(torch.autograd.grad(g[0].sum() + g[1].sum(), (a, b)))
