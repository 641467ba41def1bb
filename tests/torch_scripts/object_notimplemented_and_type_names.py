# Python's object, NotImplemented and the names type() prints, as a PyTorch program meets them.
import math
import torch


class Vec:
    def __init__(self, t):
        self.t = t

    def __eq__(self, other):
        if not isinstance(other, Vec):
            return NotImplemented
        return bool(torch.equal(self.t, other.t))

    def __add__(self, other):
        if not isinstance(other, Vec):
            return NotImplemented
        return Vec(self.t + other.t)

    def norm(self):
        return self.t.norm()


a, b = Vec(torch.ones(2)), Vec(torch.ones(2))
print(a == b, a == 2, a != 2, 2 == a, (a + b).t)
try:
    a + 1
except TypeError as e:
    print("TypeError:", e)
print(isinstance(1, object), isinstance(torch.ones(1), object), isinstance(a, object), isinstance(None, (int, object)))
print(issubclass(Vec, object), issubclass(int, object), issubclass(bool, (str, object)))
print(object, type(object()), type(math), type(torch), type(torch.nn))


def f():
    pass


print(type(f), type(lambda: 0), type(a.norm).__name__, type(f).__name__, type(math).__name__)
print(NotImplemented, Ellipsis, ... is Ellipsis)
try:
    object().x
except AttributeError as e:
    print("AttributeError:", e)
