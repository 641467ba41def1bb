import torch
from torch.func import vmap
a = torch.arange(12.).reshape(2, 3, 2).sin()
b = torch.arange(8.).reshape(4, 2).cos()
print(vmap(lambda x: torch.cdist(x, b))(a))
print(vmap(lambda x: torch.cdist(b, x, p=1.0))(a))
print(vmap(lambda x: torch.cdist(x, b, compute_mode='use_mm_for_euclid_dist'))(a))
print(vmap(lambda x, y: torch.cdist(x, y))(a, a * 2))
print(vmap(lambda x: torch.cdist(a, x))(b.reshape(2, 2, 2)))
print(vmap(lambda x: torch.nn.functional.pairwise_distance(x, b[:3]))(a))
print(vmap(lambda x: torch.std_mean(x, 0))(a))
