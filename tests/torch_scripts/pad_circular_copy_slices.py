"""F.pad(mode="circular") by torch's steps: the input copied into a new tensor's middle, then each band copied from
the other side: a CopySlices nest over SliceBackward0 (was a CatBackward0); negative pads, 2-3 dims, conv's
circular padding_mode, vmap, jacrev and jvp through it."""
import torch
import torch.nn.functional as F
from torch.func import vmap, jacrev, jvp


def chain(fn):
    if fn is None:
        return "None"
    inner = ", ".join(chain(f) for f, _ in fn.next_functions)
    name = fn.name().replace("torch::autograd::", "")
    return f"{name}({inner})" if inner else name


x = torch.arange(6.).reshape(1, 1, 6).requires_grad_()
for pad in [(2, 1), (0, 3), (1, 0), (-1, 2), (2, -2)]:
    p = F.pad(x, pad, mode="circular")
    print(pad, p, chain(p.grad_fn))
    p.backward(torch.arange(float(p.numel())).reshape(p.shape))
    print(x.grad)
    x.grad = None
y = torch.arange(12.).reshape(1, 3, 4).requires_grad_()
p = F.pad(y, (1, 2, 2, 1), mode="circular")
print(p, chain(p.grad_fn))
(p * p).sum().backward()
print(y.grad)
z = torch.arange(24.).reshape(1, 1, 2, 3, 4).requires_grad_()
p = F.pad(z, (1, 1, 1, 0, 0, 1), mode="circular")
print(p.shape, p.grad_fn, p.sum())
p.pow(2).sum().backward()
print(z.grad)
c = torch.nn.Conv2d(1, 1, 3, padding=1, padding_mode="circular", bias=False)
with torch.no_grad():
    c.weight.copy_(torch.arange(9.).view(1, 1, 3, 3) / 10)
o = c(y.detach().view(1, 1, 3, 4).requires_grad_())
print(o, chain(o.grad_fn))
print(vmap(lambda t: F.pad(t.view(1, 1, 4), (2, 1), mode="circular"))(torch.arange(8.).view(2, 4)))
print(jacrev(lambda t: F.pad(t.view(1, 1, 3), (1, 1), mode="circular").sum(-1))(torch.tensor([1., 2., 3.])))
print(jvp(lambda t: F.pad(t.view(1, 1, 3), (1, 2), mode="circular"), (torch.tensor([1., 2., 3.]),), (torch.tensor([1., 0., -1.]),)))
g, = torch.autograd.grad(F.pad(x, (1, 1), mode="circular").pow(3).sum(), x, create_graph=True)
print(g)
