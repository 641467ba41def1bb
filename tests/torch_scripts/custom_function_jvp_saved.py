import torch
import torch.autograd.forward_ad as fwAD
from torch.func import jvp
# In a custom Function's jvp, ctx.saved_tensors holds what save_for_forward kept: tensors saved with
# save_for_backward are not there (torch raises when the jvp unpacks them).
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        ctx.save_for_backward(x)
        ctx.save_for_forward(x)
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g
    @staticmethod
    def jvp(ctx, t):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * t
class BackwardOnly(Cube):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
    @staticmethod
    def jvp(ctx, t):
        print("saved in jvp:", len(ctx.saved_tensors))
        return t * 0
x = torch.tensor([1., 2.], requires_grad=True)
Cube.apply(x).sum().backward()
print(x.grad)
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([2.0]), torch.tensor([1.0]))
    print(fwAD.unpack_dual(Cube.apply(d)).tangent)
    print(fwAD.unpack_dual(BackwardOnly.apply(d)).tangent)

print(jvp(Cube.apply, (torch.tensor([1., 2.]),), (torch.ones(2),)))
