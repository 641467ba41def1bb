import torch
import torch.nn.functional as F
# torch's top-level names for nn kernels that users (and older code) call directly
x = torch.arange(8.).reshape(1, 2, 4).sin().requires_grad_()
v, i = torch.adaptive_max_pool1d(x, 2)
print(type(torch.adaptive_max_pool1d(x, 2)).__name__, v, i)
v.sum().backward()
print(x.grad)
x.grad = None
v, i = torch.max_pool1d_with_indices(x, 2)
print(v, i, torch.max_pool1d_with_indices(x, 3, 1, 1))
(v * torch.tensor([1., 2.])).sum().backward()
print(x.grad)
p = torch.constant_pad_nd(x, (1, 2), 2.5)
print(p, p.grad_fn.name(), torch.constant_pad_nd(x, [0, 0, 1, 0]).shape, torch.constant_pad_nd(x, (-1, 1)))
f = torch.frobenius_norm(x, (1, 2))
print(f, f.grad_fn.name(), f.grad_fn._saved_dim, f.grad_fn._saved_keepdim, torch.frobenius_norm(x, 1, True))
f.sum().backward()
print(x.grad)
w = torch.ones(2, 1, 2, 2, 2)
print(torch.conv_transpose3d(torch.arange(2.).reshape(1, 1, 1, 1, 2), torch.ones(1, 2, 2, 2, 2)).shape,
      torch.conv_transpose3d(torch.ones(1, 2, 1, 1, 1), w, torch.tensor([1.]), 1, 0, 0, 1, 1)[0, :, 0, 0])
y = torch.ones(2, 3, 2)
for name in ["alpha_dropout", "feature_dropout", "feature_alpha_dropout"]:
    print(name, getattr(torch, name)(y, 0.5, False).shape, getattr(torch, name)(y, 0.0, True).equal(y))
z = torch.ones(3)
print(torch.dropout_(z, 0.0, True) is z, torch.alpha_dropout_(z, 0.3, False) is z, torch.feature_dropout_(y, 0.2, False) is y,
      torch.feature_alpha_dropout_(y, 0.0, True) is y, torch.dropout_(z, 1.0, True), z)
r = torch.tensor([-1., 2., -3.])
print(torch.rrelu_(r), r, torch.rrelu_(torch.tensor([-2.]), 0.1, 0.3))
print(torch.is_autocast_enabled(), torch.is_autocast_enabled("cpu"), torch.is_autocast_enabled("cuda"))
for f in [lambda: torch.adaptive_max_pool1d(torch.ones(2, 2, 2, 2), 1), lambda: torch.adaptive_max_pool1d(torch.ones(5), 1),
          lambda: torch.adaptive_max_pool1d(torch.ones(2, 0, 3), 1), lambda: torch.adaptive_max_pool1d(torch.ones(2, 3, 0), 1),
          lambda: torch.adaptive_max_pool1d(torch.ones(0, 2, 3), 1)[0].shape]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
