import torch
from torch.func import vmap, grad
# vmap over functions with python control flow on shapes / in-place writes into unbatched buffers
x = torch.arange(6.).reshape(2, 3)
def t(name, f):
    try:
        print(name, "ok", f())
    except Exception as e:
        print(name, type(e).__name__ + ":", str(e).split("\n")[0][:160])
t("setitem_batched_into_unbatched", lambda: vmap(lambda r: torch.zeros(3).index_copy(0, torch.tensor([0]), r[:1]))(x))
def f1(r):
    out = torch.zeros(3)
    out[0] = r[1]
    return out
t("setitem", lambda: vmap(f1)(x))
def f2(r):
    out = r.clone()
    out[0] = 5.
    return out
t("setitem_batched", lambda: vmap(f2)(x))
def f3(r):
    out = torch.zeros_like(r)
    out[1:] = r[:-1]
    return out
t("shift", lambda: vmap(f3)(x))
t("new_zeros", lambda: vmap(lambda r: r.new_zeros(2) + r[0])(x))
t("torch.tensor inside", lambda: vmap(lambda r: torch.tensor([1., 2., 3.]) * r)(x))
t("numel cond", lambda: vmap(lambda r: r * 2 if r.numel() > 2 else r)(x))
t("shape cond", lambda: vmap(lambda r: r.sum() if r.shape[0] == 3 else r.mean())(x))
t("grad setitem", lambda: grad(lambda r: f1(r).sum())(x[0]))
t("vmap grad setitem", lambda: vmap(grad(lambda r: (f3(r) ** 2).sum()))(x))
t("stack_unbatched", lambda: vmap(lambda r: torch.stack([r, torch.ones(3)]))(x))
t("cat_unbatched", lambda: vmap(lambda r: torch.cat([r, torch.ones(1)]))(x))
t("where_unbatched_cond", lambda: vmap(lambda r: torch.where(torch.tensor([True, False, True]), r, torch.zeros(3)))(x))
t("matmul_unbatched", lambda: vmap(lambda r: torch.ones(2, 3) @ r)(x))
t("dot", lambda: vmap(lambda r: torch.dot(r, torch.ones(3)))(x))
t("mm_both", lambda: vmap(lambda a, b: a.view(1, 3) @ b.view(3, 1))(x, x))
t("item_in_index", lambda: vmap(lambda r: r[int(torch.tensor(1))])(x))
