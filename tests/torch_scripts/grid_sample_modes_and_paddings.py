# F.grid_sample on 4-d inputs: every mode and padding, with and without align_corners, in float32 and
# float64: values, both gradients, the node and its saved values, and torch's refusals.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    for mode in ("bilinear", "nearest", "bicubic"):
        for padding in ("zeros", "border", "reflection"):
            for align in (False, True):
                x = torch.randn(2, 2, 4, 5, dtype=dtype, requires_grad=True)
                grid = (torch.rand(2, 3, 4, 2, dtype=dtype) * 3 - 1.5).requires_grad_()
                y = F.grid_sample(x, grid, mode=mode, padding_mode=padding, align_corners=align)
                y.backward(torch.randn(y.shape, dtype=dtype))
                print(mode, padding, align, dtype, y.grad_fn.name())
                print(y[1, 0].tolist())
                print(x.grad[0, 1].tolist())
                print(grid.grad[1, 2].tolist())

x = torch.randn(1, 3, 5, 5, requires_grad=True)
grid = torch.rand(1, 2, 2, 2) * 2 - 1
y = F.grid_sample(x, grid, mode="bicubic", padding_mode="reflection", align_corners=True)
fn = y.grad_fn
print(fn.name(), fn._saved_interpolation_mode, fn._saved_padding_mode, fn._saved_align_corners)
print(fn._saved_input.shape, fn._saved_grid.shape, fn.next_functions)

# a spatial transformer: the gradient flows to theta through affine_grid
theta = torch.tensor([[[0.8, -0.3, 0.1], [0.2, 1.1, -0.2]]], requires_grad=True)
image = torch.arange(30.0).reshape(1, 1, 5, 6)
warped = F.grid_sample(image, F.affine_grid(theta, (1, 1, 4, 4), align_corners=False), padding_mode="border",
                       align_corners=False)
warped.sum().backward()
print(warped, theta.grad)

# many output positions reading the same pixels: the input's gradient adds them in torch's order
x = torch.randn(1, 1, 3, 3, requires_grad=True)
grid = torch.linspace(-1, 1, 400).reshape(1, 20, 10, 2)
F.grid_sample(x, grid, align_corners=True).backward(torch.linspace(-2, 3, 200).reshape(1, 1, 20, 10))
print(x.grad)

for bad in (lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 2, dtype=torch.float64), align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(2, 1, 1, 2), align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 3), align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 0, 2), torch.zeros(1, 1, 1, 2), align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2, dtype=torch.int64), torch.zeros(1, 1, 1, 2, dtype=torch.int64), align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 2), mode="area", align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 2), padding_mode="wrap", align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2, 2), torch.zeros(1, 1, 1, 1, 3), mode="bicubic", align_corners=False),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 2), align_corners="yes"),
            lambda: F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 2), align_corners=1),
            lambda: F.grid_sample([[1.0]], torch.zeros(1, 1, 1, 2), align_corners=False),
            lambda: F.affine_grid(torch.zeros(1, 2, 3), (1, 1, 2, 2), align_corners="yes")):
    try:
        bad()
    except (RuntimeError, ValueError, NotImplementedError, TypeError) as e:
        print(type(e).__name__, e)

# 5-d inputs (volumes): trilinear and nearest, every padding, float32 and float64
for dtype in (torch.float32, torch.float64):
    for mode in ("bilinear", "nearest"):
        for padding in ("zeros", "border", "reflection"):
            for align in (False, True):
                x = torch.randn(2, 2, 3, 4, 5, dtype=dtype, requires_grad=True)
                grid = (torch.rand(2, 2, 3, 2, 3, dtype=dtype) * 3 - 1.5).requires_grad_()
                y = F.grid_sample(x, grid, mode=mode, padding_mode=padding, align_corners=align)
                y.backward(torch.randn(y.shape, dtype=dtype))
                print(mode, padding, align, dtype, y.grad_fn.name(), y.shape)
                print(y[1, 0, 1].tolist())
                print(x.grad[0, 1, 2].tolist())
                print(grid.grad[1, 1].tolist())
theta = torch.eye(3, 4).unsqueeze(0) + 0.1
volume = F.grid_sample(torch.arange(24.0).reshape(1, 1, 2, 3, 4), F.affine_grid(theta, (1, 1, 2, 2, 3), align_corners=True),
                       align_corners=True)
print(volume)
