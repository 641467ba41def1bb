# torch.func argnums: an int or a tuple of distinct ints within range, checked in torch's order and words.
import torch
from torch.func import grad, grad_and_value, jacrev
# inputs in dicts and tuples are differentiated leaf by leaf
def f(a, b):
    return (a * b).sum()
x, y = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
for argnums in [(0, 1), 1, -1, (0, 0), 2, (), 1.5, [0]]:
    try:
        print(argnums, grad(f, argnums=argnums)(x, y))
    except Exception as e:
        print(argnums, type(e).__name__, e)
print(grad(lambda d: (d["a"] * d["b"]).sum())({"a": x, "b": y}))
print(grad_and_value(lambda t: ((t[0] * t[1]).sum(), t[0].mean()), has_aux=True)((x, y)))
