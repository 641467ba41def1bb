import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
fns = {
    "exp": torch.exp, "log": torch.log, "sqrt": torch.sqrt, "sin": torch.sin,
    "cos": torch.cos, "tan": torch.tan, "abs": torch.abs, "reciprocal": torch.reciprocal,
    "log1p": torch.log1p, "expm1": torch.expm1, "rsqrt": torch.rsqrt, "atan": torch.atan,
    "sinh": torch.sinh, "erf": torch.erf, "square": torch.square,
}
for name, fn in fns.items():
    y = fn(x)
    g, = torch.autograd.grad(y.sum(), x)
    print(f"{name:10s}", y.detach(), g)
print(torch.pow(x, 2.5))
print(torch.pow(2, x))
print(x.clamp(0.8, 1.5))
print(torch.maximum(x, torch.tensor(1.0)), torch.minimum(x, torch.ones(3)))
print(torch.atan2(x, torch.ones(3)))
print(torch.remainder(torch.tensor([5.0, -5.0]), 3), torch.fmod(torch.tensor([5.0, -5.0]), 3))
print(torch.floor(torch.tensor([1.5, -1.5])), torch.ceil(torch.tensor([1.2])), torch.round(torch.tensor([2.5, 3.5])))
print(torch.sign(torch.tensor([-2.0, 0.0, 3.0])))
