# unique_consecutive: run-length encoding of a sequence, of rows, and torch's errors.
import torch

x = torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])
print(torch.unique_consecutive(x))
values, inverse, counts = torch.unique_consecutive(x, return_inverse=True, return_counts=True)
print(values, inverse, counts)
print(x.unique_consecutive(return_counts=True))
print(x.unique_consecutive(return_inverse=True))
print(torch.repeat_interleave(values, counts))

m = torch.tensor([[1, 2], [1, 2], [3, 4], [1, 2]])
print(torch.unique_consecutive(m, dim=0, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(m, dim=1, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(m, dim=-1))
print(torch.unique_consecutive(m, return_inverse=True))

f = torch.tensor([1.0, 1.0, float("nan"), float("nan"), 2.0], requires_grad=True)
r = torch.unique_consecutive(f)
print(r, r.requires_grad, r.grad_fn.next_functions)
try:
    r.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
print(torch.unique_consecutive(torch.tensor([[1.0, 1.0], [1.0, 1.0]], requires_grad=True), dim=0))
print(torch.unique_consecutive(torch.tensor([])))
print(torch.unique_consecutive(torch.tensor([], dtype=torch.int64), return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor(5), return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.tensor([True, True, False])), torch.unique_consecutive(torch.tensor([-0.0, 0.0, 1.0])))
print(torch.unique_consecutive(torch.zeros(0, 3), dim=0, return_inverse=True, return_counts=True))
print(torch.unique_consecutive(torch.zeros(2, 0), dim=1, return_inverse=True, return_counts=True))
with torch.no_grad():
    print(torch.unique_consecutive(f))

for g in (lambda: torch.unique_consecutive(m, dim=2), lambda: torch.unique_consecutive(torch.tensor(5), dim=0),
          lambda: torch.unique_consecutive(torch.tensor(5), dim=-1), lambda: torch.unique_consecutive([1, 2]),
          lambda: torch.unique_consecutive(torch.zeros(2, 0), dim=0),
          lambda: torch.unique_consecutive(torch.zeros(0, 0), dim=0, return_counts=True)):
    try:
        print(g())
    except Exception as e:
        print(type(e).__name__, e)
