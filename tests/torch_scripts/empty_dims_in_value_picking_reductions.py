import torch

# picking a value (max, argmax, amax, median, mode...) along a dim of size 0 is refused, naming the dim
E = torch.zeros(0, 3)
E3 = torch.zeros(0, 3, 0)
cases = [
    ("max(0)", lambda: E.max(0)), ("max(1)", lambda: E.max(1)), ("min(0)", lambda: E.min(0)),
    ("amax(0)", lambda: E.amax(0)), ("amax(1)", lambda: E.amax(1)), ("amax()", lambda: E.amax()),
    ("amin()", lambda: E.amin()), ("argmax()", lambda: E.argmax()), ("argmax(0)", lambda: E.argmax(0)),
    ("argmax(1)", lambda: E.argmax(1)), ("argmin(0)", lambda: E.argmin(0)),
    ("argmin() of a vector", lambda: torch.zeros(0).argmin()),
    ("aminmax()", lambda: E.aminmax()), ("aminmax(dim=0)", lambda: E.aminmax(dim=0)),
    ("aminmax(dim=1)", lambda: E.aminmax(dim=1)), ("median()", lambda: E.median()),
    ("median(0)", lambda: E.median(0)), ("mode(0)", lambda: E.mode(0)), ("mode(1)", lambda: E.mode(1)),
    ("kthvalue(1, 0)", lambda: E.kthvalue(1, 0)), ("nanmedian(0)", lambda: E.nanmedian(0)),
    ("topk(1, 0)", lambda: E.topk(1, 0)), ("cummax(0)", lambda: E.cummax(0)),
    ("amax((2, 0))", lambda: E3.amax((2, 0))), ("amax((-1, 1))", lambda: E3.amax((-1, 1))),
    ("max(-1)", lambda: E3.max(-1)), ("argmax(-3)", lambda: E3.argmax(-3)), ("mode(-1)", lambda: E3.mode(-1)),
    ("median(2)", lambda: E3.median(2)), ("kthvalue(1, 2)", lambda: E3.kthvalue(1, 2)),
    ("min(-1)", lambda: torch.zeros(3, 0).min(-1)), ("amin(1)", lambda: torch.zeros(3, 0).amin(1)),
    ("0-d argmax(0)", lambda: torch.tensor(2.0).argmax(0)), ("0-d max(0)", lambda: torch.tensor(2.0).max(0)),
    ("argmax of bools", lambda: torch.tensor([False, True]).argmax()),
    ("argmin of bools", lambda: torch.tensor([True]).argmin(0)),
    ("max of bools", lambda: torch.tensor([True, False]).max(0)),
    ("kthvalue(5, -1)", lambda: torch.ones(2, 3).kthvalue(5, -1)),
    ("kthvalue(0, 0)", lambda: torch.ones(2, 3).kthvalue(0, 0)),
]
for name, f in cases:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

# logsumexp of nothing is -inf, as log(0)
print(torch.zeros(0).logsumexp(0), E3.logsumexp((0, 1)), E3.sum(0).logsumexp(1))
lse_in = torch.tensor([[1.0, float('-inf')], [float('-inf'), float('-inf')]], requires_grad=True)
lse = lse_in.logsumexp(1)
lse.sum().backward()
print(lse, lse_in.grad)

# a repeated dim is named as a dim from 0
x = torch.ones(2, 3)
for f in [lambda: x.sum((1, -1)), lambda: x.amax((0, -2)), lambda: x.mean((1, 0, 1)), lambda: x.std((0, 0)),
          lambda: x.logsumexp((1, 1)), lambda: x.nansum((0, 0)), lambda: x.var((-1, 1))]:
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError:", e)

# nonzero of a 0-d tensor: one row (or none) of zero coordinates
for v in [torch.tensor(0.0), torch.tensor(3), torch.tensor(True)]:
    print(v.nonzero(), v.nonzero(as_tuple=True), torch.argwhere(v), torch.where(v))
s = torch.tensor(5.0)
print(s[s > 2], s[s > 9], s.masked_select(s > 2))
