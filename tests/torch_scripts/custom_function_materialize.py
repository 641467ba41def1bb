import torch

class TwoOut(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x.clone(), x.clone()

    @staticmethod
    def backward(ctx, g1, g2):
        print("g1 is None:", g1 is None, " g2 is None:", g2 is None)
        grad = torch.zeros(1)
        if g1 is not None:
            grad = grad + g1
        if g2 is not None:
            grad = grad + 2 * g2
        return grad

x = torch.tensor([1.0], requires_grad=True)
a, b = TwoOut.apply(x)
a.sum().backward()
print(x.grad)

class Materialized(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 1, x * 2

    @staticmethod
    def backward(ctx, g1, g2):
        print("g2:", g2)
        return g1 + 2 * g2

y = torch.tensor([3.0], requires_grad=True)
p, q = Materialized.apply(y)
p.sum().backward()
print(y.grad)
