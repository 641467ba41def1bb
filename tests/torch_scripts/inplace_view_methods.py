import torch
y = torch.arange(6.).reshape(2, 3).requires_grad_()
z = y * 1
r = z.transpose_(0, 1)
print(r is z, z.shape, z.grad_fn, z._version, z.grad_fn._saved_dim0, z.grad_fn._saved_dim1)
w = y * 1
w.unsqueeze_(0); print(w.shape, w.grad_fn)
w.squeeze_(0); print(w.shape, w.grad_fn, w.grad_fn._saved_dim, w.grad_fn._saved_self_sym_sizes)
w.t_(); print(w.shape, w.grad_fn)
u = (y * 1).reshape(2, 1, 3, 1)
u.squeeze_(); print(u.shape, u.grad_fn, u.grad_fn._saved_self_sym_sizes)
u2 = (y * 1).reshape(1, 2, 1, 3)
u2.squeeze_((0, 2)); print(u2.shape, u2.grad_fn, u2.grad_fn._saved_self_sym_sizes)
u3 = y * 1
u3.swapaxes_(0, 1); print(u3.shape, u3.grad_fn); u3.swapdims_(0, 1); print(u3.shape, u3.grad_fn)
(z.sum() * 2 + (w * torch.arange(6.).reshape(3, 2)).sum() + u.sum() + u2.sum() + u3.sum()).backward()
print(y.grad)
a = torch.ones(2, 3); v0 = a._version; a.t_(); print(a.shape, v0, a._version)
b = torch.ones(2, 3); c = b[0]; c.unsqueeze_(0); print(c.shape, c._base is b, b.shape)
c.mul_(3); print(b)
l = torch.ones(2, 3, requires_grad=True)
try:
    l.t_()
except RuntimeError as e:
    print("RuntimeError:", e)
m = torch.ones(2, 2, requires_grad=True)
mv = m[0]
try:
    mv.unsqueeze_(0)
except RuntimeError as e:
    print("RuntimeError:", e)
s = y * 2
keep = s * s
s.t_()
try:
    keep.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:120])
q = torch.ones(3, 4)
q.squeeze_(0); print(q.shape)
try:
    torch.ones(2, 3, 4).t_()
except RuntimeError as e:
    print("RuntimeError:", e)
with torch.no_grad():
    n = y * 2
    n.t_()
print(n.shape, n.grad_fn)
