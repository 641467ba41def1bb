import torch
import torch.nn as nn
import torch.nn.functional as F
q = torch.sin(torch.arange(2 * 3 * 4, dtype=torch.float32)).reshape(2, 3, 4).requires_grad_()
k = torch.cos(torch.arange(2 * 5 * 4, dtype=torch.float32)).reshape(2, 5, 4).requires_grad_()
v = torch.sin(torch.arange(2 * 5 * 6, dtype=torch.float32) * 0.7).reshape(2, 5, 6).requires_grad_()
out = F.scaled_dot_product_attention(q, k, v)
print(out.detach())
mask = torch.tensor([[True, False, True, True, False]]).expand(3, 5)
o2 = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.3)
o3 = F.scaled_dot_product_attention(q, k[:, :3], v[:, :3], is_causal=True)
o4 = F.scaled_dot_product_attention(q, k, v, attn_mask=torch.linspace(-1, 1, 15).reshape(3, 5))
(out.sum() + o2.pow(2).sum() + o3.sum() + o4.sum()).backward()
print(o2.detach()[1], o3.detach()[0], q.grad, k.grad[0], v.grad[1])
x = torch.arange(2 * 6 * 5 * 7, dtype=torch.float32).reshape(2, 6, 5, 7).requires_grad_()
gn = nn.GroupNorm(3, 6)
with torch.no_grad():
    gn.weight.copy_(torch.linspace(0.5, 1.5, 6))
    gn.bias.copy_(torch.linspace(-1, 1, 6))
y = gn(x)
print(gn, y[1, 2, 0], F.group_norm(x, 2)[0, 5, 4])
pool = nn.AdaptiveAvgPool2d((3, None))
print(pool, pool(x).shape, nn.AdaptiveAvgPool2d(1)(x).flatten(1)[0], F.adaptive_avg_pool2d(x, (2, 3))[1, 0])
print(F.adaptive_avg_pool1d(torch.arange(14.).reshape(2, 7), 3), nn.AdaptiveAvgPool1d(4)(torch.arange(8.).view(1, 1, 8)))
(y.pow(2).sum() + F.adaptive_avg_pool2d(x, (2, 3)).pow(2).sum()).backward()
print(x.grad[0, 0], gn.weight.grad.round(decimals=2), gn.bias.grad.round(decimals=2))
try:
    F.group_norm(x, 4)
except RuntimeError as e:
    print(e)
