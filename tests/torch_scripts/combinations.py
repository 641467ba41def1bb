# torch.combinations: pairs and triples of a vector's elements, with the gradient through them.
import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
pairs = torch.combinations(a)
print(pairs)
print(torch.combinations(a, r=3), torch.combinations(a, with_replacement=True))
print(torch.combinations(a, r=1), torch.combinations(a, r=0), torch.combinations(torch.tensor([]), 2))
print(torch.combinations(a, r=5))
pairs.prod(1).sum().backward()
print(a.grad, pairs.grad_fn.next_functions[0][0].name())
print(torch.combinations(torch.tensor([1, 2, 3]), 2, True))

# pairwise distances of points through index combinations
points = torch.tensor([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]], requires_grad=True)
idx = torch.combinations(torch.arange(3), 2)
d = (points[idx[:, 0]] - points[idx[:, 1]]).norm(dim=1)
print(idx, d)
d.sum().backward()
print(points.grad)

for g in (lambda: torch.combinations(torch.ones(2, 2)), lambda: torch.combinations(a, -1),
          lambda: torch.combinations(torch.tensor(1.0)), lambda: torch.combinations([1, 2])):
    try:
        print(g())
    except Exception as e:
        print(type(e).__name__, e)
