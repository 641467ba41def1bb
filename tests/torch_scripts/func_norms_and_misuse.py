# Norm layers under vmap (the graph torch records: batch norm ends in a transpose, group norm adds
# its bias last; the channel-count error) and common misuses inside transforms: backward() in grad
# or vmap, data_ptr() of a batched tensor, a linearize tangent of the wrong shape; vjp_fn takes
# torch's retain_graph / create_graph arguments.
import torch
import torch.nn as nn
from torch.func import vmap, grad, vjp, linearize


def show(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)


torch.manual_seed(0)
x = torch.randn(2, 4, 3)
for m in [nn.BatchNorm1d(3, track_running_stats=False), nn.BatchNorm1d(3).eval(), nn.GroupNorm(1, 3),
          nn.GroupNorm(3, 3, affine=False), nn.LayerNorm(3)]:
    o = vmap(m)(x)
    print(type(m).__name__, o.grad_fn.name() if o.grad_fn else None, o[1, 2])
x4 = torch.randn(2, 4, 3, 2, 2)
for m in [nn.BatchNorm2d(3, track_running_stats=False), nn.BatchNorm2d(3).eval(), nn.GroupNorm(3, 3)]:
    o = vmap(m, in_dims=1)(x4.transpose(0, 1))
    print(type(m).__name__, o.grad_fn.name(), o[1, 2, 0])
    o.pow(3).sum().backward()
    print(m.weight.grad.round(decimals=2), m.bias.grad.round(decimals=2))
    o = vmap(vmap(m))(x4.unsqueeze(0).expand(2, -1, -1, -1, -1, -1))
    print(type(m).__name__, o.grad_fn.name(), o[1, 1, 2, 0])
gn = nn.GroupNorm(1, 5)
show(lambda: vmap(gn)(torch.randn(2, 5, 3)))
show(lambda: gn(torch.randn(5, 3)))

v = torch.randn(3)


def inner_backward(t):
    y = (t ** 2).sum()
    y.backward()
    return y


show(lambda: grad(inner_backward)(v))
show(lambda: vmap(inner_backward)(v.unsqueeze(0)))
show(lambda: vmap(lambda t: t.data_ptr())(v.unsqueeze(0)))
out, jvp_fn = linearize(lambda a, b: a * b.sin(), v, v)
print(jvp_fn(torch.ones(3), torch.zeros(3)))
show(lambda: jvp_fn(torch.ones(3), torch.ones(2)))
out, vjp_fn = vjp(lambda a: a.sin() * a, v)
print(vjp_fn(torch.ones(3), retain_graph=True))
print(vjp_fn(torch.ones(3), create_graph=False))
y = (v.clone().requires_grad_() ** 2).sum()
y.backward()
print(y)
