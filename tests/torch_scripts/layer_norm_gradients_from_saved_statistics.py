# LayerNorm's gradients as torch's CPU kernel computes them from the saved mean and rstd (the input's
# gradient nearly cancels where the loss is a function of the normalized rows: the 3rd digit showed it);
# the weight's and bias's gradients summed per thread, as torch's.
import torch
import torch.nn as nn
torch.manual_seed(0)
for n, affine in ((32, True), (37, True), (5, False), (100, True), (512, False), (13, True)):
    ln = nn.LayerNorm(n, elementwise_affine=affine)
    if affine:
        with torch.no_grad():
            ln.weight.uniform_(0.5, 1.5); ln.bias.uniform_(-0.5, 0.5)
    x = torch.randn(4, 3, n, requires_grad=True)
    y = ln(x)
    y.pow(2).sum().backward(retain_graph=True)
    print(n, x.grad.flatten()[:4].tolist(), x.grad.abs().sum().item())
    x.grad = None
    (y * torch.randn(y.shape)).sum().backward()
    print(x.grad.flatten()[-3:].tolist(), None if not affine else ln.weight.grad[:2].tolist())
ln = nn.LayerNorm(32)
x = torch.randn(2, 32, requires_grad=True)
ln(x).pow(2).sum().backward()
print(x.grad[0, :3])
