# A custom Function's integer and bool outputs never require grad (torch does not track them; their
# gradients reach backward as None-or-zeros), and torch.norm(p='nuc') is the nuclear norm.
import torch
from torch.autograd import Function


class MaxWithIndex(Function):
    @staticmethod
    def forward(ctx, x):
        i = x.argmax()
        ctx.save_for_backward(i)
        ctx.n = x.numel()
        return x.max(), i, x > 1

    @staticmethod
    def backward(ctx, g, g_index, g_mask):
        print("gradients of the int/bool outputs:", g_index, g_mask)
        i, = ctx.saved_tensors
        out = torch.zeros(ctx.n)
        out[i] = g
        return out


x = torch.tensor([3., 1., 2.], requires_grad=True)
m, i, b = MaxWithIndex.apply(x)
print(m, i, b)
print(i.requires_grad, b.requires_grad, i.grad_fn, b.grad_fn, i.is_leaf)
m.backward()
print(x.grad)

A = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
n = A.norm(p="nuc")
print(n, n.grad_fn.name(), torch.norm(A, p="nuc", keepdim=True).shape)
n.backward()
print(A.grad)
print(torch.norm(torch.ones(2, 2, 2), p="nuc", dim=(1, 2)))
try:
    torch.norm(torch.ones(2, 2, 2), p="nuc")
except RuntimeError as e:
    print(e)
