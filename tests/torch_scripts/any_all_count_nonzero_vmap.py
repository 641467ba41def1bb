import torch
from torch.func import vmap
x = torch.tensor([[[1., -1.], [2., 3.]], [[-1., -2.], [0., 5.]]])
print(vmap(lambda r: (r > 0).any(-1))(x))
print(vmap(lambda r: (r > 0).all(0))(x))
print(vmap(lambda r: (r > 0).any())(x))
print(vmap(lambda r: torch.count_nonzero(r > 0, 0))(x))
print(vmap(lambda r: torch.all(r > 0, 1))(x))
x = torch.tensor([[[1., -1.], [2., 3.]], [[-1., -2.], [0., 5.]]])
print(x.any(), x.all(), (x > 0).any(1, keepdim=True), torch.count_nonzero(x, (0, 2)), torch.count_nonzero(x))
print(torch.any(x > 4, dim=-1), x.bool().all(0), x.all(dim=2, keepdim=True))
