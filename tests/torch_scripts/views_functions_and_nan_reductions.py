import torch
x = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v = x[:2]
print(v.requires_grad, v.is_leaf)
y = x * 2
with torch.no_grad():
    w = y[:2]
print(w.requires_grad, w.grad_fn)
try:
    w.mul_(2)
except RuntimeError as e:
    print("E1", str(e)[:120])
a, b = (x * 1).split(2)
try:
    a.mul_(2)
except RuntimeError as e:
    print("E2", str(e)[:150])
print(torch.is_inference(x), x.is_inference())
class MyFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp):
        return inp * 2
    @staticmethod
    def backward(ctx, g):
        return torch.ones(5)
try:
    MyFn.apply(x).sum().backward()
except RuntimeError as e:
    print("E3", str(e)[:150])
try:
    MyFn()(x)
except RuntimeError as e:
    print("E4", str(e)[:150])
class Sq(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 2
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g
z = Sq.apply(x).sum(); z.backward(); print(x.grad)
from torch.autograd.function import once_differentiable
class Once(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp):
        ctx.save_for_backward(inp)
        return inp ** 2
    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        inp, = ctx.saved_tensors
        return 2 * inp * g
x.grad = None
g, = torch.autograd.grad(Once.apply(x).sum(), x, create_graph=True)
print(g)
try:
    g.sum().backward()
except RuntimeError as e:
    print("E5", str(e)[:150])
print(torch.nansum(torch.tensor([1., float('nan'), 2.])), torch.nanmean(torch.tensor([1., float('nan'), 2.])))
