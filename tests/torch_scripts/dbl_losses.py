import torch
import torch.nn.functional as F
# Double backward of the pointwise losses: under create_graph the gradient is torch's backward op
# (MseLossBackwardBackward0...), one node for the input and one (self and target swapped) for the
# target; the second derivative follows torch's *_double_backward formulas.
x = torch.tensor([[0.3, -0.9, 1.5], [0.7, -0.2, 2.5]], dtype=torch.float64, requires_grad=True)
t = torch.tensor([[0.1, 0.4, -1.0], [0.9, -0.2, 0.5]], dtype=torch.float64, requires_grad=True)


def walk(fn):
    if fn is None:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf)]


losses = {"mse": F.mse_loss, "smooth_l1": lambda a, b, reduction: F.smooth_l1_loss(a, b, reduction=reduction, beta=0.8),
          "huber": lambda a, b, reduction: F.huber_loss(a, b, reduction=reduction, delta=0.9)}
for name, f in losses.items():
    for reduction in ("mean", "sum", "none"):
        y = f(x, t, reduction=reduction)
        go = torch.ones_like(y) if reduction != "none" else torch.linspace(0.5, 2.0, 6, dtype=torch.float64).view(2, 3)
        gx, gt = torch.autograd.grad(y, (x, t), go, create_graph=True)
        print(name, reduction, walk(gx.grad_fn), walk(gt.grad_fn))
        print("  g", gx.detach(), gt.detach())
        hx, ht = torch.autograd.grad((gx * gx).sum() + (gx * gt).sum(), (x, t))
        print("  h", hx, ht)
    # the input alone, a constant target
    gx, = torch.autograd.grad(f(x, t.detach(), reduction="mean"), x, create_graph=True)
    print(name, walk(gx.grad_fn), gx.grad_fn._saved_reduction, gx.grad_fn._saved_grad_output)
    print("  h", torch.autograd.grad(gx.pow(3).sum(), x)[0])

# a gradient that requires grad: its own derivative goes through the grad_output edge
w = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
gx, = torch.autograd.grad(F.mse_loss(x, t), x, grad_outputs=w * w, create_graph=True)
print(walk(gx.grad_fn), torch.autograd.grad(gx.sum(), (w, x, t)))
gx, = torch.autograd.grad(F.smooth_l1_loss(x, t, reduction="none"), x, grad_outputs=x * w, create_graph=True)
print(walk(gx.grad_fn), torch.autograd.grad((gx * gx).sum(), (w, x, t)))
# broadcasting: a target of one row
t1 = torch.tensor([0.2, -0.3, 1.0], dtype=torch.float64, requires_grad=True)
gx, gt = torch.autograd.grad(F.huber_loss(x, t1.expand(2, 3), delta=0.7), (x, t1), create_graph=True)
print(gx.detach(), gt.detach(), torch.autograd.grad((gx * gx).sum() + gt.sum(), (x, t1)))
# nn.MSELoss inside a Hessian-vector product
model = torch.nn.Linear(3, 1).double()
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -0.25, 0.75]]))
    model.bias.fill_(0.1)
loss = torch.nn.MSELoss()(model(x).view(2), torch.tensor([1.0, -1.0], dtype=torch.float64))
gw, gb = torch.autograd.grad(loss, (model.weight, model.bias), create_graph=True)
print(walk(gb.grad_fn)[:4], torch.autograd.grad((gw * torch.ones_like(gw)).sum() + gb.sum(), model.weight))
