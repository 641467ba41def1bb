# Vector norms' gradients where the norm is 0, as torch's norm_backward gives them: masked_fill_
# zeroes them (an inf or NaN incoming gradient too), and under create_graph the division before it stays
# in the graph, so the 2-norm's second derivative (and Hessian) at 0 is NaN, p=3's is 0. The inf-norm's
# gradient goes to the maxima, and to a NaN entry.
import torch
from torch.autograd.functional import hessian

for p in [2, 1, 3, 1.5, 0.5, float("inf")]:
    for v in ([0., 0., 0.], [1., -2., 0.], [3., 4., 0.5]):
        z = torch.tensor(v, requires_grad=True)
        g, = torch.autograd.grad(torch.linalg.vector_norm(z, p), z, create_graph=True)
        h = torch.autograd.grad(g.sum(), z, allow_unused=True)[0]
        print(p, v, g, g.grad_fn.name(), h)
    m = torch.tensor([[0., 0.], [1., 2.]], requires_grad=True)
    g, = torch.autograd.grad(m.norm(p, dim=1).sum(), m, create_graph=True)
    print(g.detach(), torch.autograd.grad(g.sum(), m, allow_unused=True)[0])
print(hessian(lambda t: t.norm(), torch.zeros(2)))
print(hessian(lambda t: t.norm(), torch.tensor([3., 4.])))
print(torch.func.hessian(lambda t: t.norm(p=3))(torch.tensor([0., 0.])))
y = torch.tensor([1., float("nan"), -2.], requires_grad=True)
for p in [2, 3, float("inf"), 1]:
    y.grad = None
    torch.linalg.vector_norm(y, p).backward()
    print(p, y.grad)
w = torch.tensor([0., 0.], requires_grad=True)
torch.linalg.vector_norm(w, 3).backward(torch.tensor(float("inf")))
print(w.grad)
x = torch.tensor([[0.3, -1.7, 2.9, 0.0], [1.1, 0.25, -0.6, 4.4]], dtype=torch.float64, requires_grad=True)
for p in [3, 4, 1.5, 0.5, float("inf")]:
    x.grad = None
    torch.linalg.vector_norm(x, p, dim=1).sum().backward()
    print(p, x.grad)
