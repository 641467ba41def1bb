"""F.bilinear by torch's steps: inputs viewed as matrices, one TrilinearBackward0 node (saving i1, i2, i3, expand1-3,
sumdim) summing in ATen's order, the output viewed back, plus bias; torch's shape errors; create_graph, vmap,
jacrev, jvp, grad and gradcheck through it."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import vmap, jacrev, jvp, grad


def chain(fn):
    if fn is None:
        return "None"
    inner = ", ".join(chain(f) for f, _ in fn.next_functions)
    name = fn.name().replace("torch::autograd::", "")
    return f"{name}({inner})" if inner else name


vals = [((i * 7919) % 113) / 37.0 - 1.3 for i in range(997)]
pos = [0]
def t(*shape, grad=False, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    out = torch.tensor([vals[(pos[0] + i) % len(vals)] for i in range(n)], dtype=dtype).view(*shape)
    pos[0] += 7 * n + 3
    return out.requires_grad_(grad)


W, b = t(4, 3, 2, grad=True), t(4, grad=True)
x1, x2 = t(5, 3, grad=True), t(5, 2, grad=True)
for args in [(x1, x2, W), (x1, x2, W, b), (x1.view(5, 1, 3), x2.view(5, 1, 2), W, b), (x1[0], x2[0], W, b)]:
    y = F.bilinear(*args)
    print(tuple(y.shape), chain(y.grad_fn))
    print(y.flatten().tolist()[:6])
tri = F.bilinear(x1, x2, W).grad_fn.next_functions[0][0]
print(tri, tri._saved_expand1, tri._saved_expand2, tri._saved_expand3, tri._saved_sumdim, tri._saved_i2.shape)
out = F.bilinear(x1, x2, W, b)
(out * t(5, 4)).sum().backward()
print(x1.grad.flatten().tolist()[:6])
print(W.grad.flatten().tolist()[:6])
print(x2.grad.flatten().tolist()[:6], b.grad.tolist())
m = nn.Bilinear(3, 2, 4)
with torch.no_grad():
    m.weight.copy_(W); m.bias.copy_(b)
print(m(x1, x2), m)
for dtype in (torch.float64,):
    A, B, C = t(2, 3, dtype=dtype, grad=True), t(2, 3, 2, dtype=dtype, grad=True), t(2, 2, dtype=dtype, grad=True)
    print(torch.autograd.gradcheck(F.bilinear, (A, C, B)), torch.autograd.gradgradcheck(F.bilinear, (A, C, B)))
g1, = torch.autograd.grad(F.bilinear(x1, x2, W).pow(2).sum(), x1, create_graph=True)
print(g1.flatten().tolist()[:4])
print(torch.autograd.grad(g1.sum(), W)[0].flatten()[:4])
print(vmap(lambda a, c: F.bilinear(a, c, W.detach()))(x1.detach().view(5, 1, 3), x2.detach().view(5, 1, 2)).shape)
print(jacrev(lambda w: F.bilinear(x1.detach()[:2], x2.detach()[:2], w))(W.detach()).shape)
print(jvp(lambda a: F.bilinear(a, x2.detach(), W.detach()), (x1.detach(),), (torch.ones(5, 3),))[1][:2])
print(grad(lambda a: F.bilinear(a, x2.detach(), W.detach()).sum())(x1.detach())[:2])
big1, big2, bigW = t(16, 10, grad=True), t(16, 8, grad=True), t(6, 10, 8, grad=True)
yb = F.bilinear(big1, big2, bigW)
yb.sum().backward()
print(yb.sum().item(), big1.grad.abs().sum().item())
for a, c, w, bias in [(torch.ones(5, 3), torch.ones(4, 2), W, None), (torch.ones(5, 3), torch.ones(5, 1, 2), W, None),
                      (torch.ones(5, 2), torch.ones(5, 2), W, None), (torch.ones(5, 3), torch.ones(5, 3), W, None),
                      (torch.ones(5, 3), torch.ones(5, 2), W, torch.ones(3)),
                      (torch.ones(5, 3), torch.ones(5, 2), W.double(), None)]:
    try:
        F.bilinear(a, c, w, bias)
    except RuntimeError as e:
        print("RuntimeError:", e)
