import torch
import torch.nn.functional as F
# Double backward of layer_norm: under create_graph its three gradients come from one
# NativeLayerNormBackwardBackward0 node (edges to grad_out, input, mean, rstd, weight, bias), and their
# derivatives are torch's layer_norm_double_backward values.
x = torch.tensor([[0.3, -0.9, 1.5, 0.7], [-0.2, 2.5, 0.4, -1.1], [1.0, 0.1, -0.6, 0.8]], dtype=torch.float64,
                 requires_grad=True)
w = torch.tensor([0.5, 1.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([0.1, -0.2, 0.3, 0.0], dtype=torch.float64, requires_grad=True)


def walk(fn, depth=0):
    if fn is None or depth > 2:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf, depth + 1)]


y = F.layer_norm(x, (4,))
g, = torch.autograd.grad(y.pow(3).sum(), x, create_graph=True)
print(walk(g.grad_fn), g.grad_fn._saved_normalized_shape, g.grad_fn._saved_mean.shape)
print(g.detach())
print(torch.autograd.grad(g.pow(2).sum(), x))

y = F.layer_norm(x, (4,), w, b)
gx, gw, gb = torch.autograd.grad((y * y.flip(1)).sum(), (x, w, b), create_graph=True)
print(gx.grad_fn.name(), gw.grad_fn.name(), gb.grad_fn.name(), len(gx.grad_fn.next_functions))
print(gx.detach(), gw.detach(), gb.detach())
print(torch.autograd.grad((gx * gx).sum() + (gw * gw * w).sum() + (gb * gx[0]).sum(), (x, w, b), allow_unused=True))

y = F.layer_norm(x.view(1, 3, 4), (3, 4), w.repeat(3, 1), None)
g, = torch.autograd.grad(y.exp().sum(), x, create_graph=True)
print(walk(g.grad_fn)[:3], torch.autograd.grad(g.sin().sum(), (x, w)))

ln = torch.nn.LayerNorm(4).double()
with torch.no_grad():
    ln.weight.copy_(torch.tensor([1.0, 0.5, 2.0, -1.0]))
v = torch.tensor([[1.0, 0.0, -1.0, 0.5]] * 3, dtype=torch.float64)
g, = torch.autograd.grad(ln(x).tanh().sum(), x, create_graph=True)
print("hvp", torch.autograd.grad(g, x, v)[0])
print(torch.autograd.functional.hessian(lambda t: F.layer_norm(t, (4,)).pow(3).sum(), x[0].detach()))
