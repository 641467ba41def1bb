import torch
# torch sums a bigger returned gradient down to the input shape and refuses a smaller one
class Ret(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, shape):
        ctx.shape = shape
        return a * 2
    @staticmethod
    def backward(ctx, g):
        return torch.ones(ctx.shape), None
for shape, inshape in [((), (3,)), ((1,), (3,)), ((2, 3), (3,)), ((3,), ()), ((2, 1), (1,)), ((1, 3), (3,)), ((3, 1), (3,)), ((2, 3), (1, 3)), ((4,), (3,)), ((1,), ()), ((), ()), ((2, 2), (2, 1))]:
    x = torch.zeros(inshape, requires_grad=True)
    try:
        Ret.apply(x, shape).sum().backward()
        print(shape, inshape, x.grad)
    except RuntimeError as e:
        print(shape, inshape, e)
