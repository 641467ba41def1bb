# A WGAN-GP gradient penalty: the input gradient of a padded conv / avg-pool under create_graph is
# contiguous as torch's, so grads.view(batch, -1) works; ones_like/zeros_like/full_like keep a transposed
# input's strides (torch's preserve_format), so the gradient back through the transpose is contiguous.
import torch
import torch.nn as nn


def fill(m):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.3, 0.4 + 0.1 * i, p.numel()).view(p.shape))
    return m


D = fill(nn.Sequential(nn.Conv2d(1, 2, 3, padding=1), nn.LeakyReLU(0.2), nn.AvgPool2d(3, stride=2, padding=1),
                       nn.Flatten(), nn.Linear(8, 1)))
real = torch.linspace(-1, 1, 32).view(2, 1, 4, 4)
fake = torch.linspace(1, -0.5, 32).view(2, 1, 4, 4)
alpha = torch.tensor([0.3, 0.7]).view(2, 1, 1, 1)
inter = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
out = D(inter)
grads = torch.autograd.grad(out, inter, torch.ones_like(out), create_graph=True)[0]
print(grads.is_contiguous(), grads.stride())
gp = ((grads.view(grads.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()
print(f"{gp.item():.6f}")
gp.backward()
for n, p in D.named_parameters():
    print(n, None if p.grad is None else p.grad.flatten()[:4])
x = torch.linspace(-1, 1, 32).view(2, 1, 4, 4).requires_grad_(True)
for f in [lambda t: t.transpose(2, 3) * 2, lambda t: t.permute(0, 3, 2, 1).sin(), lambda t: t.mT.exp()]:
    y = f(x)
    for like in (torch.ones_like(y), torch.zeros_like(y) + 1, torch.full_like(y, 2.)):
        print(y.is_contiguous(), like.is_contiguous(), like.stride() == y.stride() or y.dim() != 4 or 1 in y.shape)
    g, = torch.autograd.grad(y, x, torch.ones_like(y))
    print(g.is_contiguous(), g.view(2, -1).sum(1))
print(torch.ones_like(x[:, :, ::2]).stride(), torch.zeros_like(x.t() if x.dim() == 2 else x[0, 0].t()).stride())
