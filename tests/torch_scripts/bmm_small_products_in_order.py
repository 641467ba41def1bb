"""torch.bmm (and matmul of batched operands, einsum, attention scores) below 400 multiply-adds per matrix sums
each entry in order as ATen's baddbmm_cpu_kernel: the last digits of values, gradients and losses are torch's
(numpy's matmul differed on a third to a half of float32 entries)."""
import torch
import torch.nn.functional as F
vals = [((i * 7919) % 113) / 37.0 - 1.3 for i in range(997)]
pos = [0]
def t(*shape, grad=False, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    out = torch.tensor([vals[(pos[0] + i) % len(vals)] for i in range(n)], dtype=dtype).view(*shape)
    pos[0] += 7 * n + 3
    return out.requires_grad_(grad)
# bmm and batched matmul print torch's last digits (its in-order sums below 400 products per matrix)
for b, n, k, m in [(2, 3, 4, 5), (3, 2, 20, 4), (1, 5, 9, 8), (4, 1, 64, 1), (2, 7, 6, 3)]:
    for dtype in (torch.float32, torch.float64):
        x, y = t(b, n, k, grad=True, dtype=dtype), t(b, k, m, grad=True, dtype=dtype)
        z = torch.bmm(x, y)
        print(z.flatten().tolist()[:5], (x @ y).sum().item(), torch.matmul(x.detach(), y.detach()).flatten().tolist()[-3:])
        (z * t(b, n, m, dtype=dtype)).sum().backward()
        print(x.grad.flatten().tolist()[:4], y.grad.flatten().tolist()[:4])
# attention with small heads: scores, softmax, weighted values and the loss at full precision
q, kk, v = t(2, 2, 4, 3, grad=True), t(2, 2, 4, 3, grad=True), t(2, 2, 4, 3, grad=True)
scores = q @ kk.transpose(-2, -1) / 3 ** 0.5
att = scores.softmax(-1) @ v
loss = att.pow(2).mean()
loss.backward()
print(scores[0, 0].tolist())
print(loss.item(), q.grad[1, 1].tolist())
# einsum contracts with bmm
print(torch.einsum("bij,bjk->bik", t(2, 3, 5), t(2, 5, 2)).flatten().tolist())
print(torch.einsum("i,i->", t(17), t(17)).item(), torch.einsum("ij,jk->ik", t(3, 6), t(6, 2)).flatten().tolist())
with torch.no_grad():
    print((t(3, 2, 5) @ t(3, 5, 4)).flatten().tolist()[:6])
# the sum starts at +0: a lone -0.0 product is +0.0, a -0.0 sum stays so only when torch's does
neg = torch.tensor([[[-1.0, 0.0]]]), torch.tensor([[[0.0], [-0.0]]])
print(torch.bmm(*neg), torch.bmm(torch.tensor([[[-2.0]]]), torch.tensor([[[0.0]]])))
