# hasattr and getattr(obj, name, default) read the attribute once and only a missing attribute counts as
# absent: a property's other errors propagate; dir() reads nothing (no property runs).
import torch


class Lazy:
    def __init__(self):
        self.reads = 0

    @property
    def value(self):
        self.reads += 1
        print("computing value")
        return 42

    @property
    def broken(self):
        raise ValueError("broken property")

    @property
    def absent(self):
        raise AttributeError("absent property")


lazy = Lazy()
print(getattr(lazy, "value", 0), lazy.reads)
print(hasattr(lazy, "value"), lazy.reads)
print("value" in dir(lazy), lazy.reads)
print(hasattr(lazy, "absent"), getattr(lazy, "absent", "default"), hasattr(lazy, "missing"))
try:
    hasattr(lazy, "broken")
except ValueError as e:
    print("hasattr:", e)
try:
    getattr(lazy, "broken", None)
except ValueError as e:
    print("getattr:", e)

x = torch.ones(3, requires_grad=True)
y = x * 2
names = dir(y)
print([n for n in ("H", "T", "grad", "imag", "mH", "mT") if n in names])
