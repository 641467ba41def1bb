# What a hook may return: a tensor hook a tensor of the same dtype and size, a node hook a tuple
# of one gradient per slot; torch's errors otherwise.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)


def to_double(g):
    return g.double()


for hook in (lambda g: 5, lambda g: torch.ones(2, dtype=torch.int64), lambda g: torch.ones(1), lambda g: (g,),
             to_double, lambda g: g * 3):
    y = x * 2
    y.register_hook(hook)
    try:
        y.sum().backward()
        print(x.grad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__ + ":", e)
    x.grad = None

leaf = torch.tensor([1.0, 2.0], requires_grad=True)
leaf.register_hook(lambda g: torch.ones(3))
try:
    (leaf * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

for pre in (lambda go: (torch.ones(3),), lambda go: (go[0], go[0]), lambda go: go[0], lambda go: (go[0] * 2,)):
    y = x * 2
    y.grad_fn.register_prehook(pre)
    try:
        y.sum().backward()
        print(x.grad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__ + ":", e)
    x.grad = None

for post in (lambda gi, go: (gi[0].double(),), lambda gi, go: gi[0], lambda gi, go: (gi[0] * 0,)):
    y = x * 2
    y.grad_fn.register_hook(post)
    try:
        y.sum().backward()
        print(x.grad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__ + ":", e)
    x.grad = None
