import torch
import torch.nn.functional as F
from torch.func import vmap
x = torch.arange(12.).reshape(3, 4)
print(vmap(lambda t: torch.cat([t, t * 2, t + 1]))(x))
print(vmap(lambda t: torch.stack([t, t, t, t], dim=1))(x).shape)
print(vmap(lambda t: F.pad(t.view(1, 1, 4), (1, 1), mode="circular"))(x))
print(vmap(lambda a, b: torch.cat([a, b, a], 0), in_dims=(0, None))(x, torch.ones(2)))
