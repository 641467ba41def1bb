import torch
from torch.func import vmap
def t(name, f):
    try:
        print(name, "ok", f())
    except Exception as e:
        print(name, type(e).__name__ + ":", str(e).split("\n")[0][:150])
# numpy-computed functions run once per example inside vmap (torch's fallback)
x = torch.tensor([[0.5, 1.5, 2.5, 0.5], [3., 0., 0., 1.]])
bounds = torch.tensor([0., 1., 2.])
t("bucketize", lambda: vmap(lambda r: torch.bucketize(r, bounds))(x))
t("bucketize_right", lambda: vmap(lambda r: torch.bucketize(r, bounds, right=True))(x))
t("searchsorted", lambda: vmap(lambda r: torch.searchsorted(bounds, r))(x))
t("searchsorted_seq", lambda: vmap(lambda r: torch.searchsorted(r.sort().values, torch.tensor([1.0])))(x))
t("histc", lambda: vmap(lambda r: torch.histc(r, bins=3, min=0, max=3))(x))
t("isin", lambda: vmap(lambda r: torch.isin(r, bounds))(x))
t("histogram", lambda: vmap(lambda r: torch.histogram(r, bins=2))(x))
t("bincount", lambda: vmap(lambda r: r.long().bincount(minlength=4))(x))
t("bincount_sizes", lambda: vmap(lambda r: r.long().bincount())(x))
t("argwhere", lambda: vmap(lambda r: torch.argwhere(r))(torch.tensor([[0., 1.], [2., 0.]])))
t("argwhere_sizes", lambda: vmap(lambda r: torch.argwhere(r))(x))
t("isclose", lambda: vmap(lambda r: torch.isclose(r, torch.tensor([0.5, 1.5, 0., 0.])))(x))
t("allclose", lambda: vmap(lambda r: torch.allclose(r, r))(x))
t("equal", lambda: vmap(lambda r: torch.equal(r, r))(x))
t("nested", lambda: vmap(vmap(lambda v: torch.bucketize(v, bounds)))(x.view(2, 2, 2)))
t("in_dims", lambda: vmap(lambda r: torch.histc(r, bins=2, min=0, max=4), in_dims=1)(x))
import torch
from torch.func import vmap
def t(name, f):
    try:
        print(name, "ok", f())
    except Exception as e:
        print(name, type(e).__name__ + ":", str(e).split("\n")[0][:150])
x = torch.tensor([[-0.5, 1.5, 2.5, 0.], [3., -0., 0., 1.]])  # signed zeros
t("signbit", lambda: vmap(torch.signbit)(x))
t("positive", lambda: vmap(torch.positive)(x))
t("isposinf", lambda: vmap(torch.isposinf)(x))
t("repeat_interleave", lambda: vmap(lambda r: r.repeat_interleave(2))(x))
t("repeat_interleave_t", lambda: vmap(lambda r: torch.repeat_interleave(r, torch.tensor([1, 2, 0, 1])))(x))
t("cov", lambda: vmap(lambda r: torch.cov(r.view(2, 2)))(x))
t("gradient", lambda: vmap(lambda r: torch.gradient(r)[0])(x))
t("tensor_split", lambda: vmap(lambda r: r.tensor_split(2)[1])(x))
t("adjoint", lambda: vmap(lambda r: r.view(2, 2).adjoint())(x))
t("nonzero_static", lambda: vmap(lambda r: torch.nonzero_static(r, size=3))(x))
