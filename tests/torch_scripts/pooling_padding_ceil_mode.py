import torch
import torch.nn.functional as F

# avg_pool2d and max_pool2d with padding, ceil_mode, count_include_pad and divisor_override: values,
# gradients and a second derivative, as torch computes them.
x = torch.arange(30.0).reshape(1, 1, 5, 6).requires_grad_(True)


def show(name, out):
    w = torch.linspace(-1.0, 1.0, out.numel()).reshape(out.shape)
    g, = torch.autograd.grad((out * w).sum(), x, create_graph=True)
    print(name, list(out.shape))
    print(out.detach())
    print(g)


show("avg ceil", F.avg_pool2d(x, 2, ceil_mode=True))
show("avg pad", F.avg_pool2d(x, 3, stride=2, padding=1))
show("avg pad no count", F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False))
show("avg pad ceil no count", F.avg_pool2d(x, (3, 2), stride=2, padding=1, ceil_mode=True, count_include_pad=False))
show("avg divisor", F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, divisor_override=4))
show("max ceil", F.max_pool2d(x, 2, ceil_mode=True))
show("max pad ceil", F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True))
pool = torch.nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
print(pool)
print(pool(x).shape)
print(torch.nn.MaxPool2d(3, 2, 1, ceil_mode=True)(x).shape)
y = F.avg_pool2d(x * x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
g.sum().backward()
print(x.grad)
print(F.avg_pool2d(torch.tensor([[[[1, 2, 3], [4, 5, 6], [-7, -8, -9]]]]), 2, ceil_mode=True))
for args in [dict(kernel_size=2, padding=2), dict(kernel_size=2, padding=-1), dict(kernel_size=2, stride=0),
             dict(kernel_size=2, divisor_override=0), dict(kernel_size=7)]:
    try:
        F.avg_pool2d(x, **args)
    except RuntimeError as e:
        print(e)
try:
    F.avg_pool2d(x > 3, 2)
except NotImplementedError as e:
    print(e)
