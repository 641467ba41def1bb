# a model run in float16 on the CPU: vector norms and BatchNorm accumulate in float and round once, as torch's kernels
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
for shape in [(16,), (80,), (8, 10), (1000,), (4, 250)]:
    h = (torch.randn(*shape) * 0.8).half()
    print(shape, h.norm().item(), h.norm(p=1).item(), h.norm(p=3).item(), torch.linalg.vector_norm(h, ord=0.5).item(),
          h.norm(p=1, dim=-1).flatten()[:2].tolist(), h.norm(dim=0).flatten()[:2].tolist())
model = nn.Sequential(nn.Linear(16, 32), nn.Tanh(), nn.Linear(32, 10)).half()
out = model(torch.randn(8, 16).half())
print(out.norm(), out.norm(p=1), out.abs().sum())
bn = nn.BatchNorm2d(3).half()
x = torch.randn(2, 3, 4, 4).half()
for i in range(3):
    y = bn(x * (i + 1))
print(y[0, :, 0, 0], bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(x)[1, :, 1, :2])
xr = x.clone().requires_grad_()
bn.train()
out = bn(xr)
out.float().pow(2).sum().backward()
print(out.dtype, xr.grad[0, 0, 0], bn.weight.grad, bn.bias.grad)
bn1 = nn.BatchNorm1d(32).half()
z = torch.randn(4, 32).half().requires_grad_()
o = bn1(z)
o.backward(torch.randn(4, 32).half())
print(o[0, :6], z.grad[1, :6], bn1.running_var[:4])
print(F.batch_norm(torch.randn(3, 5).half(), None, None, training=True)[0])
