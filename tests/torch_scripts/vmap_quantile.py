import torch
from torch.func import vmap, jacrev
x = torch.arange(24.).reshape(2, 3, 4).sin()
print(vmap(lambda r: torch.quantile(r, 0.3, dim=1))(x))
print(vmap(lambda r: torch.quantile(r, torch.tensor([0.3, 0.6]), dim=0))(x))
print(vmap(lambda r: torch.nanquantile(r, 0.5))(x))
print(jacrev(lambda r: torch.quantile(r, torch.tensor([0.3, 0.6]), dim=0))(x[0]))
