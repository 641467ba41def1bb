import torch
import torch.nn.functional as F
# Double backward of binary_cross_entropy (its backward op, BinaryCrossEntropyBackwardBackward0),
# binary_cross_entropy_with_logits (torch's composite backward: a DivBackward1 on top for a mean)
# and nll_loss / cross_entropy (NllLossBackwardBackward0, whose derivative in the input is zero).
p = torch.tensor([[0.2, 0.7, 0.45], [0.9, 0.15, 0.6]], dtype=torch.float64, requires_grad=True)
t = torch.tensor([[0.0, 1.0, 0.3], [0.8, 0.1, 0.5]], dtype=torch.float64, requires_grad=True)
w = torch.tensor([0.5, 2.0, 1.0], dtype=torch.float64)


def walk(fn):
    if fn is None:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf)]


for reduction in ("mean", "sum", "none"):
    for weight in (None, w):
        y = F.binary_cross_entropy(p, t, weight=weight, reduction=reduction)
        go = torch.ones_like(y) if reduction != "none" else torch.linspace(0.5, 2.0, 6, dtype=torch.float64).view(2, 3)
        gp, gt = torch.autograd.grad(y, (p, t), go, create_graph=True)
        print("bce", reduction, weight is not None, walk(gp.grad_fn), gp.grad_fn.name(), gt.grad_fn.name())
        print("  g", gp.detach(), gt.detach())
        print("  h", torch.autograd.grad((gp * gp).sum() + (gp * gt).sum(), (p, t)))
        for pw in (None, torch.tensor([1.5, 0.5, 2.0], dtype=torch.float64)):
            x = (p - 0.5) * 4
            y = F.binary_cross_entropy_with_logits(x, t, weight=weight, pos_weight=pw, reduction=reduction)
            gx, gt = torch.autograd.grad(y, (x, t), go, create_graph=True)
            print("bcel", reduction, weight is not None, pw is not None, walk(gx.grad_fn)[:5], gt.grad_fn.name())
            print("  g", gx.detach(), gt.detach())
            print("  h", torch.autograd.grad((gx * gx).sum() + (gx * gt).sum(), (p, t)))

# a gradient that requires grad reaches the backward op's grad_output edge
s = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
gp, = torch.autograd.grad(F.binary_cross_entropy(p, t.detach()), p, s * s, create_graph=True)
print(walk(gp.grad_fn), gp.grad_fn._saved_reduction, torch.autograd.grad(gp.sum(), (s, p)))

x = torch.tensor([[0.3, -1.2, 0.8, 0.1], [1.5, 0.2, -0.4, -0.9], [0.0, 0.6, 0.9, -1.1]], dtype=torch.float64,
                 requires_grad=True)
target = torch.tensor([0, 3, 1])
for reduction in ("mean", "sum", "none"):
    for kw in ({}, {"weight": torch.tensor([1.0, 0.5, 2.0, 1.5], dtype=torch.float64)}, {"ignore_index": 3}):
        y = F.nll_loss(x.log_softmax(1), target, reduction=reduction, **kw)
        go = torch.ones_like(y) if reduction != "none" else torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64)
        g, = torch.autograd.grad(y, x, go, create_graph=True)
        print("nll", reduction, list(kw), walk(g.grad_fn), g.detach())
        print("  h", torch.autograd.grad((g * g).sum(), x))
        y = F.cross_entropy(x, target, reduction=reduction, **kw)
        g, = torch.autograd.grad(y, x, go, create_graph=True)
        print("ce", reduction, list(kw), walk(g.grad_fn), torch.autograd.grad((g * g).sum(), x))
g, = torch.autograd.grad(F.nll_loss(x, target), x, create_graph=True)
print(walk(g.grad_fn), g.grad_fn._saved_reduction, g.grad_fn._saved_target, g.grad_fn._saved_weight)
print(torch.autograd.grad(g.sum(), x, allow_unused=True))
g, = torch.autograd.grad(F.nll_loss(x, target), x, s * 2, create_graph=True)
print(walk(g.grad_fn), torch.autograd.grad((g * g).sum(), s))
x4 = torch.linspace(-1, 1, 24, dtype=torch.float64).view(2, 3, 2, 2).requires_grad_(True)
t4 = torch.tensor([[[0, 2], [1, 0]], [[2, 1], [0, 1]]])
g, = torch.autograd.grad(F.cross_entropy(x4, t4), x4, create_graph=True)
print(walk(g.grad_fn), torch.autograd.grad(g.pow(2).sum(), x4))
