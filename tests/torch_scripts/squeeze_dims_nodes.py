import torch
s = torch.tensor(2., requires_grad=True)
for f in (lambda t: t.squeeze_(0), lambda t: t.squeeze_(), lambda t: t.squeeze_((0,)), lambda t: t.squeeze_((0, -1)) if False else t.squeeze_([])):
    a = s.clone(); f(a); print(a.grad_fn.name(), a.shape, a._version)
print(s.squeeze().grad_fn.name(), torch.squeeze(s, 0).grad_fn.name(), s.squeeze(()).grad_fn.name(), s.squeeze(-1).grad_fn.name())
a = s.squeeze(0); a.backward(); print(s.grad)
x = torch.randn(2, 1, 3, 1, requires_grad=True)
for y in (x.squeeze((1, 3)), x.squeeze((-3, -1)), x.squeeze([1]), x.squeeze(()), torch.squeeze(x, (0, 1)), x.squeeze(1), x.squeeze(0)):
    print(y.grad_fn.name(), tuple(y.shape), y.grad_fn._saved_self_sym_sizes)
for bad in ((1, 1), (5,), (1, -3)):
    try:
        x.squeeze(bad)
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
z = x.clone()
z.squeeze_((1, 3))
print(z.grad_fn.name(), z.shape, z._version)
z.sum().backward()
print(x.grad.shape)
w = x.clone()
try:
    w.squeeze_((1, 1))
except RuntimeError as e:
    print(e)
w.squeeze_((3, 1))
print(w.shape, w.grad_fn._saved_dim)
