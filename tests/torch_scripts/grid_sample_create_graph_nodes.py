import torch
import torch.nn.functional as F

# Under create_graph, F.grid_sample's gradients come from torch's one node, GridSampler2DBackwardBackward0
# (3D for volumes), with edges to grad_output, input and grid; nearest mode's grid gradient is that node's
# zero output. Second derivatives through it, in float64.
x = torch.arange(32., dtype=torch.float64).reshape(1, 2, 4, 4).requires_grad_()
g = (torch.arange(18., dtype=torch.float64).reshape(1, 3, 3, 2) / 9 - 1).requires_grad_()
for mode in ["bilinear", "nearest", "bicubic"]:
    for padding in ["zeros", "border", "reflection"]:
        out = F.grid_sample(x, g, mode=mode, padding_mode=padding, align_corners=padding == "border")
        gx, gg = torch.autograd.grad(out.pow(2).sum(), (x, g), create_graph=True)
        node = gx.grad_fn
        print(mode, padding, node.name(), gg.grad_fn.name(), gx.grad_fn is gg.grad_fn, gx.output_nr if hasattr(gx, "output_nr") else "")
        print([None if f is None else f.name() for f, _ in node.next_functions])
        print(node._saved_interpolation_mode, node._saved_padding_mode, node._saved_align_corners,
              node._saved_grad_output.shape, node._saved_input.shape, node._saved_grid.shape)
        print(gx.sum().item(), gg.sum().item())
        second = torch.autograd.grad(gx.pow(2).sum() + gg.pow(2).sum(), (x, g), allow_unused=True)
        print([None if s is None else round(s.sum().item(), 6) for s in second])

x3 = torch.arange(16., dtype=torch.float64).reshape(1, 1, 2, 2, 4).requires_grad_()
g3 = (torch.arange(24., dtype=torch.float64).reshape(1, 2, 2, 2, 3) / 12 - 1).requires_grad_()
for mode in ["bilinear", "nearest"]:
    out = F.grid_sample(x3, g3, mode=mode, align_corners=True)
    gx, gg = torch.autograd.grad(out.pow(2).sum(), (x3, g3), create_graph=True)
    print(mode, gx.grad_fn.name(), gg.grad_fn.name(), [f.name() for f, _ in gx.grad_fn.next_functions])
    second = torch.autograd.grad(gx.pow(2).sum() + gg.pow(2).sum(), (x3, g3), allow_unused=True)
    print([None if s is None else round(s.sum().item(), 6) for s in second])

# a grid that does not require grad: the node's edge to it is None; float32 first gradients
x = torch.arange(8.).reshape(1, 1, 2, 4).requires_grad_()
grid = torch.tensor([[[[-0.5, 0.25], [0.75, -1.0]]]])
out = F.grid_sample(x, grid, align_corners=False)
(gx,) = torch.autograd.grad(out.sum() * 3, x, create_graph=True)
print(gx, [None if f is None else f.name() for f, _ in gx.grad_fn.next_functions])
