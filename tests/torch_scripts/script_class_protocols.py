# Plain classes with Python's value protocols (repr/str, arithmetic, comparisons, len/getitem,
# iteration, call, context managers) and a script's own exception classes, around autograd.
import torch


class RunningMean:
    def __init__(self, name):
        self.name = name
        self.values = []

    def update(self, value):
        self.values.append(float(value))

    def __len__(self):
        return len(self.values)

    def __repr__(self):
        return f"RunningMean({self.name!r}, n={len(self)})"

    def __str__(self):
        return f"{self.name}: {sum(self.values) / len(self.values):.4f}"


class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return f"Vec({', '.join(map(str, self.xs))})"

    def __getitem__(self, i):
        return self.xs[i]

    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])

    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])

    __rmul__ = __mul__

    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs

    def __hash__(self):
        return hash(tuple(self.xs))

    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)

    def __neg__(self):
        return Vec(*[-a for a in self.xs])

    def __call__(self, t):
        return sum(a * t ** i for i, a in enumerate(self.xs))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


class Steps:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError("done")
        return torch.tensor(float(i + 1))


class Section:
    def __init__(self, title):
        self.title = title

    def __enter__(self):
        print(f"[{self.title}]")
        return self

    def __exit__(self, kind, exc, tb):
        print(f"[/{self.title}]", kind.__name__ if kind is not None else "ok")
        return kind is not None and issubclass(kind, ZeroDivisionError)


class ShapeMismatch(ValueError):
    def __init__(self, expected, got):
        super().__init__(f"expected {expected}, got {got}")
        self.expected = expected
        self.got = got


class Retry(Exception):
    pass


meter = RunningMean("loss")
w = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(3):
    loss = ((w * (step + 1)) ** 2).sum()
    loss.backward()
    meter.update(loss.item())
print(meter, repr(meter), [meter], len(meter))
print(f"{meter}", "%s" % meter, "{}".format(meter))
print("grad:", w.grad)

v = Vec(1, 2) + Vec(3, 4)
print(v, 2 * v, v * 3, -v, v[1], v == Vec(4, 6), v != Vec(1, 1), sorted([Vec(9), Vec(1, 1)]))
print({v: "found"}[Vec(4, 6)])
x = torch.tensor(2.0, requires_grad=True)
y = v(x)
y.backward()
print(y, x.grad)

print(list(Countdown(3)), [c * 2 for c in Countdown(2)], sum(Countdown(4)))
it = Countdown(1)
print(next(it), next(it, "exhausted"))
print(torch.stack(list(Steps())), sum(Steps()))

with Section("forward") as s:
    z = (w * 3).sum()
    print(s.title, z)
with Section("guarded"):
    1 / 0
print("after the suppressed error")
try:
    with Section("matmul"):
        torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as e:
    print("RuntimeError:", e)


def check_shape(t, shape):
    if tuple(t.shape) != shape:
        raise ShapeMismatch(shape, tuple(t.shape))
    return t


try:
    check_shape(torch.ones(2, 3), (3, 2))
except ValueError as e:
    print(type(e).__name__, e, e.expected, e.got, isinstance(e, ShapeMismatch))
try:
    raise Retry("again")
except Retry as e:
    print("retry:", e, repr(e))
try:
    try:
        torch.zeros(2, requires_grad=True).add_(1)
    except RuntimeError as inner:
        raise ShapeMismatch("leaf", "in-place") from inner
except ShapeMismatch as e:
    print("chained:", e)
