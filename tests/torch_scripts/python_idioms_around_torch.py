import torch
import torch.nn as nn

print("loss: %.4f, step %d, name %s" % (0.12345, 3, "adam"))
print("{:>8.3f}|{:<5d}|{:^7}".format(3.14159, 42, "mid"))
names = ["a", "b", "c"]
vals = [1.5, 2.5, 3.5]
for i, (n, v) in enumerate(zip(names, vals)):
    print(i, n, v, sep=":")
d = dict(zip(names, vals))
for k, v in sorted(d.items(), key=lambda kv: -kv[1]):
    print(k, v, end="; ")
print()
print(max(vals), min(names), sum(vals) / len(vals), list(reversed(names)), names[::-1])
print(", ".join(f"{x:.1f}" for x in vals), "abc".upper(), " x ".strip(), "a,b".split(","))
s = set()
s.add(1); s.add(1)
print(len(s), 1 in s, any(v > 3 for v in vals), all(v > 1 for v in vals))
t = torch.tensor(vals)
print(isinstance(t, torch.Tensor), type(t).__name__, t.shape == (3,), tuple(t.shape), list(t.size()))
x = 10
while x > 1:
    x //= 2
else:
    print("done", x)
try:
    raise ValueError("boom %d" % 7)
except (TypeError, ValueError) as e:
    print("caught", e)
finally:
    print("finally")
nums = [i * i for i in range(10) if i % 2 == 0]
print(nums, nums[1:4], nums[-1], divmod(17, 5), divmod(-7.5, 2), abs(-3), round(2.567, 2), int("12") + 1, float("1.5"))
m = nn.Linear(3, 2)
print(sum(p.numel() for p in m.parameters()), [type(c).__name__ for c in nn.Sequential(nn.ReLU(), nn.Tanh()).children()])
print(str(1e-5), repr(0.1 + 0.2), 7 / 2, 7 // -2, -7 % 3, 2 ** -1, True + True, None or "x", 0 and 1)
a, *rest = [1, 2, 3]
print(a, rest, *rest)
def kw(a, b=2, *args, c=3, **kwargs):
    return a, b, args, c, kwargs
print(kw(1, 2, 3, c=4, d=5))
print(torch.tensor(3.5).item() == 3.5, f"{torch.tensor(2.0)}", f"{t}")
print(chr(65) if False else "no chr", ord("a") if False else "no ord")
