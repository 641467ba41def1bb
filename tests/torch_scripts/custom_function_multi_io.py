import torch
from torch.autograd import Function

class MulAdd(Function):
    @staticmethod
    def forward(ctx, a, b, c):
        ctx.save_for_backward(a, b)
        return a * b + c, a - b

    @staticmethod
    def backward(ctx, g1, g2):
        a, b = ctx.saved_tensors
        return g1 * b + g2, g1 * a - g2, g1

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
c = torch.tensor([0.5, 0.5], requires_grad=True)
s, d = MulAdd.apply(a, b, c)
print(s, d)
print(s.grad_fn.name())
(s.sum() + 2 * d.sum()).backward()
print(a.grad, b.grad, c.grad)
a.grad = b.grad = c.grad = None
s, d = MulAdd.apply(a, b, c)
s.sum().backward()
print(a.grad, b.grad, c.grad)
