# vmap over the new ops: bit shifts and angle (elementwise rules), nanmedian (its dim rule).
import torch
from torch.func import vmap
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(vmap(lambda r: r << 2)(x), vmap(lambda r: 1 << r)(x), vmap(lambda r, s: r >> s)(x, torch.tensor([[1, 1, 1], [2, 2, 2]])))
print(vmap(lambda r: torch.angle(r))(torch.tensor([[1.0, -1.0], [-2.0, 0.0]])))
print(vmap(lambda r: r.nanmedian())(torch.tensor([[1.0, float("nan"), 3.0], [4.0, 2.0, 6.0]])))
