import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import vmap, jacrev, jacfwd, hessian, functional_call

torch.manual_seed(0)
def tryit(name, fn):
    try:
        r = fn()
        print(name, r)
    except Exception as e:
        print(name, type(e).__name__, e)
x = torch.randn(3)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Dropout(0.5), nn.Linear(4, 2))
tryit("jacfwd_train", lambda: jacfwd(model)(x))
tryit("hessian_dropout", lambda: hessian(lambda a: F.dropout(a, 0.3).pow(2).sum())(x))
torch.manual_seed(1)
tryit("jacrev_train", lambda: jacrev(model)(x))
torch.manual_seed(1)
tryit("jacfwd_same", lambda: jacfwd(model, randomness='same')(x))
torch.manual_seed(1)
tryit("jacfwd_different", lambda: jacfwd(model, randomness='different')(x))
torch.manual_seed(2)
tryit("jacfwd_different_aux", lambda: jacfwd(lambda a, b: (F.dropout(a * b, 0.5), a.sum()), argnums=(0, 1), has_aux=True, randomness='different')(x, x.exp()))
torch.manual_seed(2)
tryit("jacfwd_same_aux", lambda: jacfwd(lambda a, b: (F.dropout(a * b, 0.5), a.sum()), argnums=(0, 1), has_aux=True, randomness='same')(x, x.exp()))
torch.manual_seed(3)
tryit("vmap_jacfwd_error", lambda: vmap(jacfwd(lambda a: F.dropout(a, 0.5)), randomness='different')(torch.randn(2, 3)))
torch.manual_seed(3)
tryit("vmap_jacfwd_same", lambda: vmap(jacfwd(lambda a: F.dropout(a, 0.5), randomness='same'), randomness='different')(torch.randn(2, 3)))
torch.manual_seed(3)
tryit("vmap_jacfwd_diff", lambda: vmap(jacfwd(lambda a: F.dropout(a, 0.5), randomness='different'), randomness='same')(torch.randn(2, 3)))
torch.manual_seed(4)
tryit("jacfwd_randn", lambda: jacfwd(lambda a: a * torch.randn(3), randomness='different')(x))
tryit("jacfwd_eval", lambda: jacfwd(model.eval())(x))
model.train()
tryit("jacfwd_rand_like", lambda: jacfwd(lambda a: a + torch.rand_like(a))(x))
torch.manual_seed(5)
tryit("jacfwd_dropout_p0", lambda: jacfwd(lambda a: F.dropout(a, 0.0))(x))
tryit("jacfwd_rand_outside", lambda: jacfwd(lambda a: a * 2)(torch.rand(3)))
tryit("jacfwd_bad_randomness", lambda: jacfwd(lambda a: a * 2, randomness='foo')(x))
# a Jacobian without draws is the same whatever the flag
f = lambda a, b: (a.sin() * b, {'s': a.sum()})
for r in ['error', 'same', 'different']:
    print(r, jacfwd(f, argnums=(0, 1), has_aux=True, randomness=r)(x, torch.tensor(2.0)))
print(jacfwd(lambda d: d['w'] @ d['v'], randomness='different')({'w': torch.randn(2, 3), 'v': x}))
print(vmap(jacfwd(lambda a: a.exp(), randomness='different'))(torch.randn(2, 2)))
