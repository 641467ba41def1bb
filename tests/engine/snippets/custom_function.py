"""Custom autograd Functions: several outputs, non-tensor arguments, needs_input_grad, wrong gradient counts, mark_dirty, mark_non_differentiable, set_materialize_grads, once_differentiable."""
from torch.autograd import Function
from torch.autograd.function import once_differentiable

class MulConst(Function):
    @staticmethod
    def forward(ctx, x, k, y):
        ctx.k = k
        ctx.save_for_backward(x, y)
        print("needs", ctx.needs_input_grad)
        return x * k * y, x + y
    @staticmethod
    def backward(ctx, ga, gb):
        x, y = ctx.saved_tensors
        return ga * ctx.k * y + gb, None, ga * ctx.k * x + gb
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.])
a, b = MulConst.apply(x, 2.0, y)
print(a, b, a.grad_fn, a.grad_fn.next_functions)
(a.sum() + b.sum()).backward()
print(x.grad)
a, b = MulConst.apply(x, 2.0, y)
x.grad = None
a.sum().backward()
print(x.grad)

class Bad(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g, g
try:
    Bad.apply(x).sum().backward()
except RuntimeError as e:
    print("ERR", e)

class Inplace(Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x
    @staticmethod
    def backward(ctx, g):
        return g * 2
z = torch.tensor([1., 2.], requires_grad=True)
w = z * 1
v = Inplace.apply(w)
print(v is w, v, w._version)
v.sum().backward(); print(z.grad)

class Sort(Function):
    @staticmethod
    def forward(ctx, x):
        idx = torch.tensor([1, 0])
        ctx.mark_non_differentiable(idx)
        return x.flip(0), idx
    @staticmethod
    def backward(ctx, g, gi):
        print("gi", gi)
        return g.flip(0)
s, i = Sort.apply(torch.tensor([1., 5.], requires_grad=True))
print(s, i, i.requires_grad)
s.sum().backward()

class NoMat(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x.clone(), x.clone()
    @staticmethod
    def backward(ctx, g1, g2):
        print("g2 is", g2)
        return g1
x = torch.tensor([1., 2.], requires_grad=True)
o1, o2 = NoMat.apply(x)
o1.sum().backward(); print(x.grad)

class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3
    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g
x = torch.tensor(2., requires_grad=True)
g, = torch.autograd.grad(Cube.apply(x), x, create_graph=True)
print(g, g.requires_grad)
x = torch.tensor(2.)
print(Cube.apply(x), Cube.apply(x).requires_grad)
