import torch
from torch.func import vmap, jacrev, jacfwd, hessian
x = torch.tensor([[0., 1., 2.], [3., 0., 4.]])
m = torch.tensor([True, False, True])
print(vmap(lambda r: torch.masked_select(r, m))(x))
print(vmap(lambda r: r.masked_select(m) * 2)(x))
print(jacrev(lambda r: torch.masked_select(r, m) ** 2)(x[0]))
print(jacfwd(lambda r: torch.masked_select(r, m) ** 2)(x[0]))
print(jacrev(lambda r: r[m].sum() * r)(x[0]))
print(hessian(lambda r: (r[m] ** 3).sum())(x[1]))
print(vmap(lambda r: r.masked_scatter(m, torch.tensor([9., 8.])))(x))
print(vmap(lambda r: r.masked_fill(m, -1.))(x))
print(torch.autograd.functional.jacobian(lambda r: torch.masked_select(r, m).exp(), x[0], vectorize=True))
