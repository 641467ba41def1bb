"""Adaptive average pooling as torch: AdaptiveAvgPool2D/3DBackward0 (MeanBackward1 for output size 1, a squeezed 2-d
pool for 1-d), values and gradients, and AdaptiveAvgPool2DBackwardBackward0 under create_graph."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 7, requires_grad=True)
NAMES = ["_saved_self", "_saved_self_sym_sizes", "_saved_dim", "_saved_keepdim", "_saved_self_sym_numel", "_saved_output_size"]
def show(y):
    n = y.grad_fn
    print(type(n).__name__, [a for a in NAMES if hasattr(n, a)], [type(f).__name__ for f, _ in n.next_functions])
for out in [1, (1, 1), 2, (2, 3), (5, 7), (None, 2), (3, 10)]:
    y = F.adaptive_avg_pool2d(x, out); show(y); print(y.shape, y.sum())
    g, = torch.autograd.grad((y * y).sum(), x); print(g[0, 0, :2])
show(nn.AdaptiveAvgPool2d((1, 1))(x))
x1 = torch.randn(2, 3, 7, requires_grad=True)
for out in [1, 3, 7]:
    y = F.adaptive_avg_pool1d(x1, out); show(y); print(y)
x3 = torch.randn(1, 2, 3, 4, 5, requires_grad=True)
for out in [1, (2, 2, 2)]:
    y = F.adaptive_avg_pool3d(x3, out); show(y); print(y.shape, y.sum())
y = F.adaptive_avg_pool2d(x[0], 2); show(y)
g, = torch.autograd.grad(F.adaptive_avg_pool2d(x, 2).pow(2).sum(), x, create_graph=True); show(g)
print(g.grad_fn._saved_grad_output_sym_argsize_minus_1, g.grad_fn._saved_grad_output_sym_argsize_minus_2)
print(torch.autograd.grad(g.sum(), x)[0][0, 0])
y = nn.AdaptiveAvgPool2d((5, 7))(x); print(y is x, y.grad_fn)
print(nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveAvgPool1d(3), nn.AdaptiveAvgPool3d((None, 2, 2))(x3).shape)
import torch
import torch.nn.functional as F
for shape, out in [((0, 3, 5, 4), (3, 2)), ((2, 3, 0, 4), (3, 2)), ((2, 3, 4, 4), (0, 2)), ((3, 4, 4), (2, 2)), ((4, 4), (2, 2)), ((2, 3, 4, 4), (2, 2, 2)), ((2, 3, 4, 4), -1)]:
    try:
        x = torch.ones(shape, requires_grad=True)
        y = F.adaptive_avg_pool2d(x, out); print(y.shape, y.grad_fn)
        y.sum().backward(); print(x.grad.shape)
    except Exception as e:
        print(type(e).__name__, e)
for shape, out in [((0, 3, 4), 2), ((2, 3, 0), 2), ((2, 3, 4), 0), ((1, 2, 3, 4, 5), (2, 2)), ((0, 2, 3, 4, 5), 2), ((2, 3, 4, 5), (2, 2, 2))]:
    try:
        x = torch.ones(shape, requires_grad=True)
        y = (F.adaptive_avg_pool1d if len(shape) == 3 else F.adaptive_avg_pool3d)(x, out); print(y.shape, y.grad_fn)
        y.sum().backward(); print(x.grad.shape)
    except Exception as e:
        print(type(e).__name__, e)
