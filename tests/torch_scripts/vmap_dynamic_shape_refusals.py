import torch
from torch.func import vmap
# ops whose output size depends on the values: torch refuses them in vmap (gradcli gave garbage for nonzero)
def t(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).split("\n")[0])
x = torch.tensor([[0., 1., 2.], [3., 0., 0.]])
t(lambda: vmap(lambda r: r.nonzero())(x))
t(lambda: vmap(lambda r: torch.nonzero(r, as_tuple=True))(x))
t(lambda: vmap(lambda r: torch.unique(r))(x))
t(lambda: vmap(lambda r: torch.masked_select(r, r > 0))(x))
t(lambda: vmap(lambda r: torch.masked_select(r, torch.tensor([True, False, True])))(x))
t(lambda: vmap(lambda r: r.count_nonzero())(x))
t(lambda: vmap(lambda r: torch.repeat_interleave(r, 2))(x))
t(lambda: vmap(lambda r: r.unique_consecutive())(x))
t(lambda: vmap(lambda r: r[torch.tensor([True, False, True])])(x))
t(lambda: vmap(lambda r: r.any())(x))
