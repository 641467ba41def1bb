# Python around torch code: str.format fields, format(), number builtins, namedtuple, deque,
# positional-only parameters, time, math helpers.
import math
import time
from collections import deque, namedtuple

import torch

t = torch.tensor([1.5, 2.5], requires_grad=True)
s = (t ** 2).sum()
s.backward()
width = 9
print("{0.shape} {0.dtype} {1[loss]:.3f} {2[1]}".format(t, {"loss": s.item()}, [7, 8]))
print("{:>{w}.{p}f}|{:<{}}|".format(s.item(), "ab", 5, w=width, p=3))
print("{x.requires_grad} {g[0]:+.2f}".format(x=t, g=t.grad.tolist()))
print(f"{s.item():>{width}.2f}|{t.grad[1].item():^{width}}|")
print(format(s.item(), ".4e"), format(3, "05d"), format(t.grad.sum(), ".1f"), format("x", ">4"))
print(hex(255), oct(8), bin(5), chr(955), ord("A"), callable(print), callable(3))
print(issubclass(bool, int), issubclass(type(t), torch.Tensor), isinstance(t, (list, torch.Tensor)))
print(frozenset([3, 1, 3]) == {1, 3}, slice(1, None, 2), complex(1, 2) * 2, ascii("é"))
print(math.prod([2, 3, 4]), math.comb(6, 2), math.perm(5, 2), math.lcm(4, 6), math.remainder(7, 4))

Stats = namedtuple("Stats", ["loss", "grad_norm"])
history = []
w = torch.tensor([0.5, -1.0], requires_grad=True)
for step in range(3):
    loss = (w ** 2).sum()
    w.grad = None
    loss.backward()
    history.append(Stats(loss.item(), w.grad.norm().item()))
    with torch.no_grad():
        w -= 0.25 * w.grad
print(history[0])
print([round(h.loss, 4) for h in history], history[-1]._asdict())
print(history[1]._replace(loss=0.0), len(history[0]), history[0][1] == history[0].grad_norm)
Point = namedtuple("Point", "x y", defaults=[0.0])
print(Point(1.0), Point(1.0, 2.0).y)

window = deque(maxlen=2)
for value in [1.0, 2.0, 3.0]:
    window.append(value)
print(window, sum(window) / len(window), window[0])


def scaled(x, /, factor=2.0, *, bias=0.0):
    return x * factor + bias


print(scaled(torch.ones(2), 3.0, bias=1.0), scaled(1.0, factor=4.0))
try:
    scaled(x=1.0)
except TypeError as e:
    print("TypeError:", e)

start = time.perf_counter()
time.sleep(0.001)
elapsed = time.perf_counter() - start
print(elapsed > 0, type(time.time()).__name__)
