# Reductions over dim 0 (or -1) of a 0-d tensor reduce nothing, as torch's: the value, its gradient 1
import torch
x = torch.tensor(3., requires_grad=True)
for name, f in [("sum", lambda t: t.sum(0)), ("sum-1k", lambda t: t.sum(-1, keepdim=True)), ("mean", lambda t: t.mean(0)),
                ("prod", lambda t: t.prod(0)), ("var", lambda t: t.var(0, correction=0)),
                ("amax", lambda t: t.amax(0)), ("logsumexp", lambda t: t.logsumexp(0)), ("norm", lambda t: t.norm(dim=0)),
                ("sumlist", lambda t: t.sum([0])), ("softmax", lambda t: t.softmax(0)),
                ("argmax", lambda t: t.argmax(0)), ("nansum", lambda t: t.nansum(0)),
                ("all", lambda t: (t > 0).all(0)), ("count", lambda t: t.count_nonzero(0))]:
    try:
        y = f(x)
        g = torch.autograd.grad(y.sum(), x, allow_unused=True)[0] if y.requires_grad else None
        print(name, y, y.shape, None if y.grad_fn is None else y.grad_fn.name(), g)
    except Exception as e:
        print(name, type(e).__name__, e)
try:
    x.sum(1)
except IndexError as e:
    print(e)
# cumsum keeps a 0-d tensor 0-d; max/min over its dim give itself at index 0
for name, f in [("cumsum", lambda t: t.cumsum(0)), ("cumsum-1", lambda t: torch.cumsum(t, -1)),
                ("max", lambda t: t.max(0)), ("min", lambda t: t.min(-1, keepdim=True)),
                ("cumsum_int", lambda t: torch.tensor(4).cumsum(0))]:
    y = f(x)
    v = y[0] if isinstance(y, tuple) else y
    g = torch.autograd.grad(v.sum(), x, create_graph=True)[0] if v.requires_grad else None
    print(name, y, v.shape, None if v.grad_fn is None else v.grad_fn.name(), g)
