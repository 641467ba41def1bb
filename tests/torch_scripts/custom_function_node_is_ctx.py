# A custom Function's grad_fn is its ctx in torch: what forward stored on ctx, saved_tensors and
# needs_input_grad read through the node. Under torch.func transforms a Function must define
# setup_context.
import torch
from torch.func import grad, vmap


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, factor):
        ctx.factor = factor
        ctx.save_for_backward(a, b)
        return a * b * factor

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b * ctx.factor, g * a * ctx.factor, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
out = Scale.apply(x, torch.tensor([3.0, 4.0]), 0.5)
print(out.grad_fn, out.grad_fn.name())
print(out.grad_fn.factor)
print(out.grad_fn.saved_tensors)
print(out.grad_fn.needs_input_grad)
out.sum().backward()
print(x.grad)
try:
    out.grad_fn.saved_tensors
except RuntimeError as e:
    print("RuntimeError:", e)

for transform in (lambda f: grad(lambda t: f(t).sum()), vmap):
    try:
        transform(lambda t: Scale.apply(t, t, 2.0))(torch.ones(3))
    except RuntimeError as e:
        print("RuntimeError:", e)


def data_dependent(row):
    if row.sum() > 10:
        return row
    return -row


try:
    vmap(data_dependent)(torch.arange(6.0).reshape(3, 2))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    vmap(torch.add)(torch.ones(3, 2), torch.ones(2, 2))
except ValueError as e:
    print("ValueError:", e)
