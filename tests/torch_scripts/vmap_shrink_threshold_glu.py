# vmap (and grad/jacrev inside it) over F.softshrink, F.hardshrink, F.threshold and F.glu: their records batch
# elementwise (glu along its shifted dim), as torch's.
import torch
import torch.nn.functional as F
x = torch.tensor([[-1.5, -0.5, 0.0, 0.3, 0.5, 2.0], [0.1, 0.2, -0.7, 0.4, 1.5, -2.5]])
for f in (lambda v: F.softshrink(v, 0.5), lambda v: F.hardshrink(v, 0.4), lambda v: F.threshold(v, 0.1, -3.0), F.glu, lambda v: F.glu(v.view(2, 3), 0)):
    print(torch.func.vmap(f)(x))
    print(torch.func.vmap(torch.func.grad(lambda v: f(v).sum()))(x))
    print(torch.func.jacrev(f)(x[0]))
