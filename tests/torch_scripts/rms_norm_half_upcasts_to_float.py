# RMSNorm (LLaMA-style blocks) on float16 and float32 inputs: torch upcasts half to float, eps from float's epsilon
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = (torch.randn(3, 8) * 0.01).half().requires_grad_()
norm = nn.RMSNorm(8).half()
y = norm(x)
print(y[0], y.grad_fn, y.grad_fn.next_functions[0][0])
y.float().sum().backward()
print(x.grad[0], norm.weight.grad)
print(F.rms_norm(x.detach(), (8,))[1], F.rms_norm(x.detach(), (8,), eps=1e-3)[1])
xf = torch.randn(2, 4, 6, requires_grad=True)
print(F.rms_norm(xf, (4, 6))[0, 0], nn.RMSNorm([6], eps=1e-5, elementwise_affine=False)(xf).grad_fn)
big = (torch.randn(4, 64) * 3).half()
print(F.rms_norm(big, (64,)).float().sum(), nn.RMSNorm(64).half()(big)[2, :5])
