# torch.unique: each NaN distinct, the inverse and counts, and the nodes torch records (whose backward raises).
import torch
x = torch.tensor([3, 1, 2, 1, 3, 3])
print(torch.unique(x), torch.unique(x, return_inverse=True), torch.unique(x, return_counts=True))
print(torch.unique(x, sorted=False), x.unique(return_inverse=True, return_counts=True))
f = torch.tensor([2.0, float("nan"), 1.0, float("nan")])
print(torch.unique(f), torch.unique(f, return_inverse=True, return_counts=True))
m = torch.tensor([[1, 2], [3, 4], [1, 2]])
print(torch.unique(m, dim=0, return_inverse=True, return_counts=True))
print(torch.unique(m, dim=1, return_inverse=True))
print(torch.unique(torch.tensor([[2, 1], [1, 2]]), return_inverse=True))
r = torch.tensor([1.0, 2.0, 1.0], requires_grad=True)
print(torch.unique(r))
print(torch.unique(torch.tensor([True, False, True])), torch.unique(torch.tensor(5)), torch.unique(torch.tensor([])))
print(torch.unique(torch.tensor([float("nan"), 1.0, float("nan")]), sorted=False, return_inverse=True, return_counts=True))
for kw in [dict(), dict(return_inverse=True), dict(dim=0), dict(dim=1, return_counts=True)]:
    u = torch.unique(torch.tensor([[1.0, 2.0], [1.0, 2.0]], requires_grad=True), **kw)
    u0 = u[0] if isinstance(u, tuple) else u
    print(kw, u0.grad_fn.name(), u)
    try:
        u0.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
with torch.no_grad():
    print(torch.unique(r))
for f in (lambda: torch.unique(torch.tensor(5), dim=0), lambda: torch.unique(torch.tensor([[1, 2]]), dim=2),
          lambda: torch.unique(torch.zeros(0, 2), dim=0, return_counts=True), lambda: torch.unique(torch.zeros(2, 0), dim=0),
          lambda: torch.unique([1, 2])):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
