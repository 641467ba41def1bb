import torch
from torch.autograd import gradcheck, gradgradcheck

def f(x, y):
    return (x * y.sin() + x ** 2).sum(dim=0)

x = torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=torch.float64, requires_grad=True)
y = torch.tensor([[1.0, -1.0], [0.5, 2.0]], dtype=torch.float64, requires_grad=True)
print(gradcheck(f, (x, y)))
print(gradgradcheck(f, (x, y)))
print(gradcheck(torch.sigmoid, (x,), eps=1e-6, atol=1e-4))

class BadSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 3 * x

print(gradcheck(BadSquare.apply, (x,), raise_exception=False))
try:
    gradcheck(BadSquare.apply, (x,))
except RuntimeError as e:
    print(str(e).splitlines()[0])
