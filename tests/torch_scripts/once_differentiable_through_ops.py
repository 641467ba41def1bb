import torch
from torch.autograd.function import once_differentiable


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return 2 * x * grad_output


# the first gradient goes through exp, mul and sin after the once_differentiable backward:
# differentiating it again still raises torch's error
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (Square.apply(x.sin()) * 3).exp().sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g.detach(), g.requires_grad)
try:
    (g * 2).sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# without create_graph the backward is plain
x.grad = None
(Square.apply(x.sin()) * 3).sum().backward()
print(x.grad)
