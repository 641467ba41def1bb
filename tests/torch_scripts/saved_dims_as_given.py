import torch
import torch.nn.functional as F

# A node saves a dim as the call gave it: a negative dim unwrapped (shown as an unsigned 64-bit
# number, -1 -> 18446744073709551615), a positive one as is. torch.norm's default 'fro' is saved as
# ord 2; stack's dim counts in the result's dims.
x = torch.arange(1., 25.).reshape(2, 3, 4).requires_grad_()
cases = {
    "softmax(-1)": lambda: x.softmax(-1), "softmax(dim=1)": lambda: F.softmax(x, dim=1),
    "log_softmax(-2)": lambda: x.log_softmax(-2), "softmin": lambda: F.softmin(x, -1),
    "sum(-1)": lambda: x.sum(-1), "sum(2)": lambda: x.sum(2), "mean(-1, keepdim)": lambda: x.mean(-1, keepdim=True),
    "var(-1)": lambda: x.var(-1), "std(-2)": lambda: x.std(-2), "prod(-1)": lambda: x.prod(-1),
    "max(-1)": lambda: x.max(-1).values, "min(dim=-1)": lambda: x.min(dim=-1)[0], "amax(-1)": lambda: x.amax(-1),
    "logsumexp(-1)": lambda: x.logsumexp(-1), "cumsum(-1)": lambda: x.cumsum(-1), "cumprod(1)": lambda: x.cumprod(1),
    "topk": lambda: x.topk(2).values, "topk(dim=-2)": lambda: x.topk(2, dim=-2).values, "sort": lambda: x.sort().values,
    "kthvalue": lambda: x.kthvalue(2).values, "median(-1)": lambda: x.median(-1).values, "mode": lambda: x.mode().values,
    "gather(-1)": lambda: x.gather(-1, torch.zeros(2, 3, 1, dtype=torch.long)),
    "index_select(-1)": lambda: x.index_select(-1, torch.tensor([0])), "select(-1)": lambda: x.select(-1, 0),
    "narrow(-1)": lambda: x.narrow(-1, 0, 2), "unsqueeze(-1)": lambda: x.unsqueeze(-1), "unsqueeze(0)": lambda: x.unsqueeze(0),
    "squeeze(-1)": lambda: x[:, :, :1].squeeze(-1), "transpose(-1, -2)": lambda: x.transpose(-1, -2),
    "cat(-1)": lambda: torch.cat([x, x], -1), "stack": lambda: torch.stack([x, x]), "stack(-1)": lambda: torch.stack([x, x], -1),
    "stack(1)": lambda: torch.stack([x, x], 1), "split(-1)": lambda: x.split(2, -1)[0], "chunk(-1)": lambda: x.chunk(2, -1)[1],
    "unbind(-1)": lambda: x.unbind(-1)[0], "tensor_split(-1)": lambda: x.tensor_split(2, -1)[0], "glu": lambda: F.glu(x),
    "glu(1)": lambda: F.glu(x[:, :2], 1), "norm(dim=-1)": lambda: x.norm(dim=-1), "norm()": lambda: x.norm(),
    "vector_norm(-1)": lambda: torch.linalg.vector_norm(x, dim=-1), "flip(-1)": lambda: x.flip(-1),
    "roll(1, -1)": lambda: x.roll(1, -1), "unfold(-1)": lambda: x.unfold(-1, 2, 1), "diagonal": lambda: x.diagonal(0, -2, -1),
    "logcumsumexp": lambda: x.logcumsumexp(-1), "aminmax": lambda: x.aminmax(dim=-1).min,
    "scatter(-1)": lambda: x.scatter(-1, torch.zeros(2, 3, 1, dtype=torch.long), 0.),
    "index_fill(-1)": lambda: x.index_fill(-1, torch.tensor([0]), 0.), "renorm": lambda: x.renorm(2, -1, 5),
    "quantile(dim=-1)": lambda: x.quantile(0.5, dim=-1), "quantile()": lambda: x.quantile(0.5),
    "cross_entropy": lambda: F.cross_entropy(x, torch.zeros(2, 4, dtype=torch.long)),
}
for name, f in cases.items():
    fn = f().grad_fn
    saved = {a[7:]: getattr(fn, a) for a in dir(fn) if a.startswith("_saved_") and ("dim" in a or a == "_saved_ord")}
    print(f"{name:18} {fn.name():26} {saved}")

# the gradients themselves do not depend on how the dim was written
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
torch.autograd.backward([a.softmax(-1)[:, 0].sum(), a.log_softmax(1)[:, 1].sum()])
print(a.grad)
