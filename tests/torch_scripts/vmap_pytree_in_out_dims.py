# vmap's in_dims as a prefix of the inputs' structure (an int for a whole subtree of a dict or tuple)
# and out_dims=None for outputs that are not tensors (handed back as they are), as torch's pytrees.
import torch
from torch.func import vmap
torch.manual_seed(0)
def tryit(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
x = torch.randn(3, 2)
y = torch.randn(2, 3)
d = {'a': x, 'b': (y, x)}
tryit(lambda: vmap(lambda d: d['a'] + d['b'][0] + d['b'][1], in_dims=({'a': 0, 'b': (1, 0)},))(d))
tryit(lambda: vmap(lambda d: d['a'] + d['b'][0], in_dims=({'a': 0, 'b': 1},))(d))
tryit(lambda: vmap(lambda d: d['a'], in_dims=({'a': 0},))(d))
tryit(lambda: vmap(lambda t: {'s': t.sum(), 'l': [t, t * 2]}, out_dims={'s': 0, 'l': [1, 0]})(x))
tryit(lambda: vmap(lambda t: (t, None))(x))
tryit(lambda: vmap(lambda t: (t, 'str'), out_dims=(0, None))(x))
tryit(lambda: vmap(lambda t: (t, 3.0), out_dims=(0, None))(x))
tryit(lambda: vmap(lambda t: [t])(x))
tryit(lambda: vmap(lambda t: ())(x))
tryit(lambda: vmap(lambda t: None)(x))
tryit(lambda: vmap(lambda *ts: sum(ts))(x, x, x))
tryit(lambda: vmap(lambda ts: ts[0] * ts[1])((x, x)))
tryit(lambda: vmap(lambda ts: ts[0] * ts[1], in_dims=((0, None),))((x, x[0])))
tryit(lambda: vmap(lambda ts: ts[0] * ts[1], in_dims=([0, None],))((x, x[0])))
from collections import namedtuple
P = namedtuple('P', ['u', 'v'])
tryit(lambda: vmap(lambda p: p.u * p.v)(P(x, x)))
tryit(lambda: vmap(lambda p: P(p.u, p.v * 2))(P(x, x)))
tryit(lambda: type(vmap(lambda p: P(p.u, p.v * 2))(P(x, x))).__name__)
