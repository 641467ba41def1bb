# torch.pdist's first derivative under create_graph is torch's PdistBackwardBackward0 node (edges to the
# gradient, the input and the distances); differentiating it again raises torch's NotImplementedError
# ("the derivative for '_pdist_backward' is not implemented."), as hessian() does.
import torch
from torch.autograd.functional import hessian

x = torch.tensor([[0.5, 1.], [-1.5, 0.], [2.0, 2.]], requires_grad=True)
for p in [2., 1., 3., 0.5, float("inf")]:
    y = torch.pdist(x, p)
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(p, g, g.grad_fn.name(), [None if n is None else n.name() for n, _ in g.grad_fn.next_functions])
    try:
        g.sum().backward()
    except RuntimeError as e:
        print(type(e).__name__, e)
    x.grad = None
    torch.pdist(x, p).sum().backward()
    print(x.grad)
try:
    print(hessian(lambda t: torch.pdist(t).sum(), x.detach()))
except RuntimeError as e:
    print(e)
print(torch.func.jacrev(lambda t: torch.pdist(t))(x.detach()))
