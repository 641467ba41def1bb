import torch
from torch.autograd.function import once_differentiable

class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * 3 * x ** 2

x = torch.tensor(2.0, requires_grad=True)
y = Cube.apply(x)
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
print(g.requires_grad)
try:
    g.backward()
except RuntimeError as e:
    print(e)

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return 2 * x * grad_output

x = torch.tensor(3.0, requires_grad=True)
y = Square.apply(x)
g, = torch.autograd.grad(y, x, create_graph=True)
g2, = torch.autograd.grad(g, x)
print(g, g2)
