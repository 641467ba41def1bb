"""F.affine_grid is one AffineGridGeneratorBackward0 node saving size and align_corners (was ViewBackward0 over
matmul nodes), 5-d sizes with (N, 3, 4) thetas (were refused), torch's in-order float32 sums (a symmetric grid's
gradient keeps torch's -1.19e-07), its errors, and the grid through grid_sample, create_graph, vmap, jacrev, jvp."""
import torch
import torch.nn.functional as F
from torch.func import vmap, jacrev, jvp


def chain(fn):
    if fn is None:
        return "None"
    inner = ", ".join(chain(f) for f, _ in fn.next_functions)
    name = fn.name().replace("torch::autograd::", "")
    return f"{name}({inner})" if inner else name


th = torch.tensor([[[1., 0.5, 0.], [0., 1., 0.2]], [[0.8, 0., -0.1], [0.3, 1.2, 0.]]], requires_grad=True)
for align in (False, True):
    g = F.affine_grid(th, (2, 3, 2, 3), align_corners=align)
    print(g.shape, chain(g.grad_fn), g.grad_fn._saved_size, g.grad_fn._saved_align_corners)
    print(g[1])
    (g ** 2).sum().backward()
    print(th.grad)
    th.grad = None
t3 = torch.tensor([[[1., 0., 0., 0.1], [0., 0.9, 0., 0.], [0.2, 0., 1.1, 0.]]], requires_grad=True)
g3 = F.affine_grid(t3, [1, 1, 2, 2, 3], align_corners=False)
print(g3.shape, g3.grad_fn, g3.grad_fn._saved_size)
print(g3[0, 1])
g3.sum().backward()
print(t3.grad)
# through grid_sample: a spatial transformer's gradient
img = torch.arange(16.).view(1, 1, 4, 4)
theta = torch.tensor([[[0.9, 0.1, 0.05], [-0.1, 0.9, 0.0]]], requires_grad=True)
out = F.grid_sample(img, F.affine_grid(theta, img.shape, align_corners=False), align_corners=False)
out.mean().backward()
print(out.detach(), theta.grad)
gg, = torch.autograd.grad(F.affine_grid(theta, (1, 1, 3, 3), align_corners=True).pow(3).sum(), theta, create_graph=True)
print(gg)
print(torch.autograd.grad(gg.sum(), theta)[0])
print(vmap(lambda t: F.affine_grid(t, (2, 1, 2, 2), align_corners=False))(th.detach().unsqueeze(0).repeat(2, 1, 1, 1)).shape)
print(jacrev(lambda t: F.affine_grid(t, (1, 1, 1, 2), align_corners=False).sum(-1))(theta.detach()))
print(jvp(lambda t: F.affine_grid(t, (1, 1, 2, 1), align_corners=True), (theta.detach(),), (torch.ones(1, 2, 3),)))
for bad in [(torch.ones(1, 2, 3), (1, 1, 2, 2, 2)), (torch.ones(1, 3, 4), (1, 1, 2, 2)), (torch.ones(1, 2, 3), (1, 1, 2)),
            (torch.ones(1, 2, 3, dtype=torch.int64), (1, 1, 2, 2)), (torch.ones(1, 2, 3), (1, 1, 0, 2))]:
    try:
        F.affine_grid(bad[0], bad[1], align_corners=False)
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
