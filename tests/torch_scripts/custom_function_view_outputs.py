# A custom Function that returns an input as-is (or a view made in forward) returns a view: torch
# refuses in-place writes to it (they would bypass the Function's backward), and so a module with a
# full backward hook refuses nn.ReLU(inplace=True) on its output. float()/int() of a tensor with
# several elements raise Python's ValueError.
import torch
import torch.nn as nn


class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


class Flatten(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view(-1)

    @staticmethod
    def backward(ctx, grad):
        return grad.view(2, 2)


x = torch.ones(2, 2, requires_grad=True)
a = x * 1
y = Identity.apply(a)
print(y._base is a, y.is_leaf, y.grad_fn.name())
for name, out in (("Identity", y), ("Flatten", Flatten.apply(a)), ("Identity(leaf)", Identity.apply(x))):
    try:
        out.add_(1)
    except RuntimeError as e:
        print(name, "->", e)
(y.clone().add_(1) * 2).sum().backward()
print(x.grad)
with torch.no_grad():
    Identity.apply(a).add_(1)
print(a)

lin = nn.Linear(2, 2)
relu = nn.ReLU(inplace=True)
relu.register_full_backward_hook(lambda m, gin, gout: print("hook", gin, gout))
try:
    relu(lin(torch.ones(1, 2)) * 1).sum().backward()
except RuntimeError as e:
    print(e)

for convert in (float, int):
    try:
        convert(torch.tensor([1.5, 2.5]))
    except ValueError as e:
        print(convert.__name__, "ValueError:", e)
try:
    torch.tensor([1.5, 2.5]).item()
except RuntimeError as e:
    print("item RuntimeError:", e)
print(float(torch.tensor([[2.5]])), int(torch.tensor([7.9])))
