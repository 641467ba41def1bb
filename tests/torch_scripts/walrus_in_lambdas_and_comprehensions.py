import torch
f = lambda x: (y := x * 2) + y
print(f(torch.tensor(3.0)))
vals = [z for t in range(3) if (z := t * t) > 0]
print(vals)
g = lambda a: [(s := s + v) for v in a] if (s := 0) == 0 else None
print(g([1, 2, 3]))
h = lambda t: (u := t.exp()) / u.sum()
print(h(torch.tensor([0.0, 1.0])))
def outer():
    k = lambda: (w := 5)
    return k()
print(outer())
