# chunk_size in torch.func: jacrev's chunks under vmap, vmap's chunks with randomness='same'
# (every chunk draws the same numbers) and 'different', per-sample gradients through dropout.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacfwd, jacrev, vmap

torch.manual_seed(0)
x = torch.randn(4, 3)
print(vmap(jacrev(lambda a: a.exp(), chunk_size=2))(x[:2]))
print(vmap(jacrev(lambda a: a.sin() * a.sum(), chunk_size=1))(x[:3]))
print(jacrev(jacrev(lambda a: a.pow(3).sum(), chunk_size=2))(x[0]))
print(vmap(jacfwd(jacrev(lambda a: a.pow(3).sum(), chunk_size=2)))(x[:2]))

torch.manual_seed(3)
print(vmap(lambda t: t + torch.randn(2), randomness='same', chunk_size=2)(torch.zeros(5, 2)))
torch.manual_seed(3)
print(vmap(lambda t: t + torch.randn(2), randomness='different', chunk_size=2)(torch.zeros(5, 2)))
torch.manual_seed(3)
print(vmap(lambda t: F.dropout(t, 0.5), randomness='same', chunk_size=3)(torch.ones(4, 6)))
print(torch.rand(2))

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Dropout(0.2), nn.Linear(8, 2))
params = {k: v.detach() for k, v in model.named_parameters()}
xs, ys = torch.randn(6, 4), torch.randint(0, 2, (6,))


def loss_fn(p, xi, yi):
    return F.cross_entropy(functional_call(model, p, (xi.unsqueeze(0),)), yi.unsqueeze(0))


for randomness in ('different', 'same'):
    torch.manual_seed(1)
    g = vmap(grad(loss_fn), in_dims=(None, 0, 0), randomness=randomness, chunk_size=4)(params, xs, ys)
    print(randomness, g['3.bias'])
try:
    vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, xs, ys)
except Exception as e:
    print(type(e).__name__, e)
