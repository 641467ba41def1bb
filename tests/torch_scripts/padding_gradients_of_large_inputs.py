# F.pad's gradients: large inputs (the backward's memory grows with the sizes, not their product),
# torch's order of accumulation in reflection and replication, and the nodes of a second derivative.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(200000, dtype=torch.float64, requires_grad=True)
F.pad(x, (3, 5)).pow(2).sum().backward()
print(torch.allclose(x.grad, 2 * x), x.grad[:3])

x = torch.randn(4, 50000, requires_grad=True)
w = torch.randn(4, 50006)
(F.pad(x, (2, 4), mode="reflect") * w).sum().backward()
print(x.grad[:, :4], x.grad[:, -5:])

x = torch.randn(1, 2, 300, 300, requires_grad=True)
(F.pad(x, (1, 2, 3, 1), mode="replicate") ** 2).sum().backward()
print(x.grad[0, 1, :3, :3], x.grad.sum())

# accumulation order: many contributions onto the corners
x = torch.zeros(1, 1, 3, 3, requires_grad=True)
g = torch.arange(1, 1 + 9 * 9, dtype=torch.float32).reshape(1, 1, 9, 9) / 7
F.pad(x, (3, 3, 3, 3), mode="replicate").backward(g)
print(x.grad)
x = torch.zeros(1, 4, 5, requires_grad=True)
g = torch.linspace(-1, 1, 4 * 9 * 1).reshape(1, 4, 9) / 3
F.pad(x, (2, 2), mode="reflect").backward(g)
print(x.grad)

# -0.0 gradients: added onto zeros by reflection and replication, cropped by constant padding
x = torch.ones(1, 4, requires_grad=True)
F.pad(x, (1, 2), mode="replicate").backward(torch.full((1, 7), -0.0))
print(x.grad)
x.grad = None
F.pad(x, (1, 2)).backward(torch.full((1, 7), -0.0))
print(x.grad)

# second derivatives: torch's backward records, and the gradient with respect to the gradient
for mode, shape, pad in [("reflect", (2, 5), (2, 3)), ("replicate", (1, 2, 3, 4), (1, 2, 2, 1)),
                         ("reflect", (1, 1, 3, 3, 4), (1, 1, 1, 1, 1, 1)), ("constant", (2, 3, 4), (-1, 2, 1, 0))]:
    x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
    w = torch.randn(F.pad(x, pad, mode=mode).shape, dtype=torch.float64, requires_grad=True)
    gx, = torch.autograd.grad((F.pad(x, pad, mode=mode) * w).sum(), x, create_graph=True)
    print(mode, gx.grad_fn.name(), [f[0].name() if f[0] else None for f in gx.grad_fn.next_functions])
    gw, gxx = torch.autograd.grad((gx ** 2).sum(), (w, x), allow_unused=True)
    print(gw.sum().item(), None if gxx is None else gxx.abs().sum().item())
    print(torch.allclose(gw, F.pad(2 * gx, pad, mode=mode) if mode != "constant" else F.pad(2 * gx, pad)))

# forward-mode: the padding of the tangent
import torch.func
x = torch.randn(1, 2, 5)
t = torch.randn(1, 2, 5)
out, tangent = torch.func.jvp(lambda v: F.pad(v, (2, 1), mode="reflect"), (x,), (t,))
print(torch.equal(tangent, F.pad(t, (2, 1), mode="reflect")))
