# A custom autograd.Function under vmap (torch's 'Extending torch.func with autograd.Function'):
# generate_vmap_rule=True, a vmap staticmethod (called once per level), and torch's errors.
import torch
from torch.func import vmap, grad, jacrev
class MySin(torch.autograd.Function):
    generate_vmap_rule = True
    @staticmethod
    def forward(x):
        return x.sin() * 2
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 2 * x.cos()
class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 3, 3 * x ** 2
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0], output[1])
    @staticmethod
    def backward(ctx, go, gd):
        x, d = ctx.saved_tensors
        return go * d + gd * 6 * x
    @staticmethod
    def vmap(info, in_dims, x):
        print('vmap rule: batch', info.batch_size, 'in_dims', in_dims)
        return MyCube.apply(x), (in_dims[0], in_dims[0])
class Old(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2
class NoRule(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 2
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g * 2
x = torch.arange(12.).reshape(3, 4) / 10 - 0.5
print(vmap(MySin.apply)(x))
print(vmap(grad(lambda r: MySin.apply(r).sum()))(x))
print(vmap(jacrev(MySin.apply))(x)[1])
print(vmap(MyCube.apply)(x))
print(vmap(grad(lambda r: MyCube.apply(r)[0].sum()))(x))
print(vmap(vmap(lambda r: MyCube.apply(r)[1]))(x))
for F in (Old, NoRule):
    try:
        print(vmap(F.apply)(x))
    except RuntimeError as e:
        print('RuntimeError:', str(e))
