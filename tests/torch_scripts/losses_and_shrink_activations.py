import torch
import torch.nn.functional as F
x = torch.linspace(-2, 2, 9, requires_grad=True)
for f in [F.tanhshrink, F.hardshrink, lambda t: F.softshrink(t, 0.7), lambda t: F.threshold(t, 0.5, -1.0)]:
    y = f(x)
    g, = torch.autograd.grad(y.pow(2).sum(), x)
    print(y.detach(), g)
m = torch.sin(torch.arange(12.)).reshape(3, 4).requires_grad_()
n = torch.cos(torch.arange(12.)).reshape(3, 4).requires_grad_()
t = torch.tensor([1., -1., 1.])
losses = [F.glu(m).sum(), F.pairwise_distance(m, n).sum(), F.margin_ranking_loss(m[:, 0], n[:, 0], t, margin=0.2),
          F.hinge_embedding_loss(m, torch.tensor([[1., -1., 1., -1.]] * 3)), F.soft_margin_loss(m, torch.sign(n).detach()),
          F.cosine_embedding_loss(m, n, t, margin=0.1, reduction="sum"), F.poisson_nll_loss(m, n.abs()),
          F.poisson_nll_loss(m.abs() + 0.1, n.abs() * 3, log_input=False, full=True),
          F.gaussian_nll_loss(m, n, torch.ones(3, 4) * 0.5), F.gaussian_nll_loss(m, n, torch.ones(3, 1), full=True),
          F.triplet_margin_loss(m, n, m.flip(0), margin=0.5), F.triplet_margin_loss(m, n, m.flip(0), swap=True, p=1),
          F.multilabel_soft_margin_loss(m, (n > 0).float())]
for loss in losses:
    gm, gn = torch.autograd.grad(loss, (m, n), allow_unused=True, materialize_grads=True)
    print(round(loss.item(), 5), round(gm.sum().item(), 5) + 0.0, round(gn.sum().item(), 5) + 0.0)
print(torch.nn.functional.hinge_embedding_loss(m, torch.ones(3, 4), reduction="none").shape)
