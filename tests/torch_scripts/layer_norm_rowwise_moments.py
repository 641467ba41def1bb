# layer_norm's float32 outputs to the last bit: torch's RowwiseMoments (vector Welford updates, chunks
# merged up a stack, lanes merged one by one) and its fused multiply-adds, with and without weight/bias
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
for N in (5, 16, 64, 100, 300, 512):
    x = torch.randn(4, N) * 2 + 0.5
    out = F.layer_norm(x, (N,))
    print(N, out[0, :3].tolist(), out.sum().item(), out.abs().sum().item())
    w, b = torch.randn(N), torch.randn(N)
    print(F.layer_norm(x, (N,), w, b)[1, :3].tolist(), F.layer_norm(x, (N,), w)[2, :2].tolist(), F.layer_norm(x, (N,), None, b)[3, :2].tolist())
ln = nn.LayerNorm(32)
x = torch.randn(2, 5, 32, requires_grad=True)
y = ln(x)
print(y[0, 0, :4].tolist(), y.mean().item())
y.pow(2).sum().backward()
print(F.layer_norm(torch.randn(3, 4, 5), (4, 5))[0, 0].tolist())
