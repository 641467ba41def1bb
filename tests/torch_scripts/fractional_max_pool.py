import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.sin(torch.arange(2 * 3 * 9 * 11, dtype=torch.float32) * 1.37).reshape(2, 3, 9, 11).requires_grad_()
samples = ((torch.arange(2 * 3 * 2, dtype=torch.float32) * 0.618034) % 1).reshape(2, 3, 2)

pool = nn.FractionalMaxPool2d((2, 3), output_size=(5, 4), return_indices=True, _random_samples=samples)
y, idx = pool(x)
print(pool, pool.kernel_size, pool.output_size, pool.output_ratio, list(pool.state_dict()))
print(y.shape, y.grad_fn.name(), y.grad_fn._saved_kernel_size, y.grad_fn._saved_output_size,
      y.grad_fn._saved_self.shape, y.grad_fn._saved_result1.dtype)
print(y[1, 2], idx[1, 2])
print(F.fractional_max_pool2d(x, 3, output_ratio=(0.5, 0.7), _random_samples=samples)[0, 1])
print(F.fractional_max_pool2d(x[1], 2, output_size=3, _random_samples=samples[:1])[2])
print(F.fractional_max_pool2d_with_indices(x.double(), 2, output_size=(7, 1), _random_samples=samples.double())[1][0, 0])
print(F.fractional_max_pool2d(x.half(), 2, output_size=(4, 6), _random_samples=samples.half())[1, 0])
print(F.fractional_max_pool2d(x, 2, output_size=0, _random_samples=samples).shape)
print(nn.FractionalMaxPool2d(2, output_ratio=0.5)(x).shape, F.fractional_max_pool2d(x, 2, output_size=4).shape)

nan_in = torch.tensor([[[[1.0, float('nan'), 3.0], [float('nan'), 2.0, 0.0], [5.0, 4.0, -1.0]]]])
print(F.fractional_max_pool2d(nan_in, 2, output_size=2, return_indices=True, _random_samples=torch.full((1, 1, 2), 0.5)))

(gx,) = torch.autograd.grad((y * y).sum(), x, create_graph=True, retain_graph=True)
print(gx.grad_fn.name(), gx.grad_fn._saved_indices.shape, gx[1, 2, :3])
(ggx,) = torch.autograd.grad(gx.pow(2).sum(), x, retain_graph=True)
print(ggx[0, 1, 4])

z = torch.cos(torch.arange(2 * 2 * 7 * 8 * 9, dtype=torch.float32) * 2.13).reshape(2, 2, 7, 8, 9).requires_grad_()
zs = ((torch.arange(2 * 2 * 3, dtype=torch.float32) * 0.377) % 1).reshape(2, 2, 3)
pool3 = nn.FractionalMaxPool3d((2, 3, 2), output_size=(4, 5, 6), return_indices=True, _random_samples=zs)
v, where = pool3(z)
print(pool3, v.shape, v.grad_fn.name(), v.grad_fn._saved_kernel_size, v.grad_fn._saved_output_size)
print(v[1, 0, 2], where[1, 0, 2])
print(F.fractional_max_pool3d(z, 2, output_ratio=0.5, _random_samples=zs)[0, 1, 1])
print(F.fractional_max_pool3d(z[0], 3, output_size=(2, 3, 4), _random_samples=zs)[1, 1])
(gz,) = torch.autograd.grad(v.exp().sum(), z, create_graph=True, retain_graph=True)
print(gz.grad_fn.name(), gz[1, 0, 2, :3])
(ggz,) = torch.autograd.grad((gz * gz).sum(), z, retain_graph=True)
print(ggz[0, 1, 3, :2])

(y.sum() + v.pow(2).sum()).backward()
print(x.grad[0, 0, :3], z.grad[1, 1, 6, 7])

bad_calls = [
    lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=samples.double()),
    lambda: F.fractional_max_pool2d(x.long(), 2, output_size=3, _random_samples=samples.long()),
    lambda: F.fractional_max_pool2d(x[0, 0], 2, output_size=3, _random_samples=samples),
    lambda: F.fractional_max_pool2d(torch.ones(2, 0, 3, 3), 2, output_size=2, _random_samples=torch.rand(2, 0, 2)),
    lambda: F.fractional_max_pool2d(x, 5, output_size=5, _random_samples=samples),
    lambda: F.fractional_max_pool2d(x, 2, output_size=(3, 11), _random_samples=samples),
    lambda: F.fractional_max_pool2d(x, (2, 2, 2), output_size=3, _random_samples=samples),
    lambda: F.fractional_max_pool2d(x, 2, output_size=(3, 3, 3), _random_samples=samples),
    lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=samples[:1]),
    lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=samples[:, :2]),
    lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=samples[..., :1]),
    lambda: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=samples[0]),
    lambda: F.fractional_max_pool2d(x, 2),
    lambda: F.fractional_max_pool2d(x, 2, output_ratio=(0.5, 0.5, 0.5)),
    lambda: F.fractional_max_pool3d(z, 2, output_size=(3, 3, 9), _random_samples=zs),
    lambda: F.fractional_max_pool3d(z, 2, output_size=(2, 2), _random_samples=zs),
    lambda: F.fractional_max_pool3d(z, (2, 2), output_size=2, _random_samples=zs),
    lambda: F.fractional_max_pool3d(z[0, 0], 2, output_size=2, _random_samples=zs),
    lambda: F.fractional_max_pool3d(z, 2, output_size=3, _random_samples=zs[..., :2]),
    lambda: F.fractional_max_pool3d(z, 2),
    lambda: nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5),
    lambda: nn.FractionalMaxPool2d(2),
    lambda: nn.FractionalMaxPool2d(2, output_ratio=(0.5, 1)),
    lambda: nn.FractionalMaxPool3d(0, output_ratio=0.5),
    lambda: nn.FractionalMaxPool3d(2),
]
for bad in bad_calls:
    try:
        bad()
    except (RuntimeError, ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
