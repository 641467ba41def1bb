# index_reduce: per-group products, means and extremes written into rows of a tensor, with gradients.
import warnings
import torch

warnings.filterwarnings("ignore")   # torch: "index_reduce() is in beta"
x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
s = torch.tensor([[2.0, 2.0], [0.5, 3.0], [4.0, 1.0], [2.0, 2.0]], requires_grad=True)
idx = torch.tensor([0, 2, 0, 1])
for red in ["prod", "mean", "amax", "amin"]:
    for inc in [True, False]:
        x.grad, s.grad = None, None
        r = x.index_reduce(0, idx, s, red, include_self=inc)
        (r * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum().backward()
        print(red, inc, r, x.grad, s.grad)
n = x.index_reduce(0, idx, s, "amin", include_self=False).grad_fn
print(n.name(), n._saved_dim, n._saved_reduce, n._saved_include_self, n._saved_index)

# zeros in a product: the gradient of the others' product
z = torch.tensor([[0.0, 2.0], [3.0, 0.0]], requires_grad=True)
src = torch.tensor([[0.0, 1.0], [5.0, 0.0], [2.0, 0.0]], requires_grad=True)
out = z.index_reduce(0, torch.tensor([0, 0, 1]), src, "prod")
out.sum().backward()
print(out, z.grad, src.grad)

print(torch.tensor([[-7, 3], [5, -5]]).index_reduce(0, torch.tensor([0, 0]), torch.tensor([[2, 2], [1, 1]]), "mean"))
y = torch.ones(3, 2)
y.index_reduce_(0, torch.tensor([1]), torch.tensor([[7.0, 8.0]]), "amax")
print(y)
print(torch.index_reduce(x, 1, torch.tensor([1, 1], dtype=torch.int32), torch.ones(3, 2), "prod"))
print(torch.tensor([1, 2, 3]).index_reduce(0, torch.tensor([0, 0]), torch.tensor([5, 6]), "amax", include_self=False))
print(torch.tensor([1.0, 2, 3]).index_reduce(0, torch.tensor([0, 0]), torch.tensor([float("nan"), 6]), "amax"))
print(torch.tensor(2.0).index_reduce(0, torch.tensor(0), torch.tensor(3.0), "prod"))
t = torch.tensor(2.0, requires_grad=True)
u = torch.tensor(3.0, requires_grad=True)
t.index_reduce(0, torch.tensor(0), u, "mean").backward()
print(t.grad, u.grad)
w = x.clone()
w.index_reduce_(1, torch.tensor([0, 0]), torch.full((3, 2), 10.0), "amin", include_self=False)
w.sum().backward()
print(w, x.grad)

for g in (lambda: x.clone().index_reduce_(0, idx, s, "sum"), lambda: x.index_reduce(0, idx[:3], s[:, :1], "prod"),
          lambda: x.index_reduce(0, idx.float(), s.double(), "prod"),
          lambda: x.index_reduce(0, torch.tensor([[0]]), s.double(), "prod"),
          lambda: x.index_reduce(0, torch.tensor([9, 0, 0, 0]), s[:, :1], "prod"),
          lambda: x.index_reduce(0, torch.tensor([9, 0, 0, 0]), s, "prod"),
          lambda: x.index_reduce(0, torch.tensor([0, -1, 0, 1]), s, "prod"),
          lambda: torch.tensor(2.0).index_reduce(0, torch.tensor([0]), torch.tensor([3.0]), "prod"),
          lambda: x.index_reduce(0, torch.tensor([1]), torch.ones(1, 2, 1), "amax"),
          lambda: x.index_reduce(0, [1], torch.ones(1, 2), "amax"), lambda: x.index_reduce(2, idx, s, "prod"),
          lambda: x.index_reduce(0, torch.tensor([1], dtype=torch.int16), torch.ones(1, 2), "amax"),
          lambda: torch.tensor([True, False]).index_reduce(0, torch.tensor([1]), torch.tensor([True]), "amax"),
          lambda: x.index_reduce_(0, idx, s, "prod")):
    try:
        print(g())
    except Exception as e:
        print(type(e).__name__, e)
