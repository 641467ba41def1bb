# Generator functions (a batching helper, an endless sequence), lazy generator expressions,
# the walrus operator and ** in dict displays, around a small training loop.
import itertools

import torch


def batches(x, y, size):
    for start in range(0, x.shape[0], size):
        yield x[start:start + size], y[start:start + size]


def schedule(lr, decay):
    while True:
        yield lr
        lr *= decay


def tokens():
    yield "begin"
    yield from ("w", "b")
    try:
        yield 1 / 0
    except ZeroDivisionError as e:
        yield f"caught: {e}"
    finally:
        yield "finally"
    with torch.no_grad():
        yield torch.ones(2, requires_grad=True) * 2


X = torch.linspace(-1, 1, 6).unsqueeze(1)
Y = 2 * X - 1
w = torch.zeros(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lrs = schedule(0.5, 0.5)
print(type(lrs).__name__, list(itertools.islice(schedule(1.0, 0.1), 3)))
for epoch in range(3):
    lr = next(lrs)
    total = 0.0
    for xb, yb in batches(X, Y, 4):
        loss = ((xb @ w + b - yb) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            for p in (w, b):
                p -= lr * p.grad
                p.grad = None
        total += loss.item()
    print(f"epoch {epoch} lr {lr:.3f} loss {total:.5f}")
print(list(tokens()))

params = [w, b, torch.ones(3)]
print(next(p for p in params if not p.requires_grad))
print(sum(p.numel() for p in params if p.requires_grad), any(p.grad is not None for p in params))
squares = (v * v for v in range(4))
print(next(squares), list(squares), list(squares))
print(max((p.abs().sum().item(), i) for i, p in enumerate(params)))

if (n := len(params)) > 2:
    print("params:", n)
history = [0.5, 0.25, 0.125]
while (last := history.pop()) < 0.5:
    print("popped", last)
print([y for v in [1.0, 2.0] if (y := v * 3) > 4], y)
defaults = {"lr": 0.1, "momentum": 0.0}
config = {**defaults, "momentum": 0.9, **{"nesterov": True}}
print(config)
opt = torch.optim.SGD((p for p in params if p.requires_grad), **config)
print(len(opt.param_groups[0]["params"]), opt.param_groups[0]["nesterov"])
