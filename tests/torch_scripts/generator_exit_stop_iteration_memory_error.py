import collections
import torch
# GeneratorExit and MemoryError are names scripts use; a StopIteration that leaves a generator's body
# is PEP 479's RuntimeError; a namedtuple class offers _fields, _make and _field_defaults


def numbers():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print("closed early")
        raise


for n in numbers():
    print(n)
    break


def counting(stop):
    for i in range(stop):
        yield torch.tensor(float(i))
    raise StopIteration


try:
    print(list(counting(2)))
except RuntimeError as e:
    print("RuntimeError:", e)

it = iter([1])
try:
    print(list(next(it) for _ in range(3)))
except RuntimeError as e:
    print("genexpr:", e)

try:
    raise MemoryError("a script's own")
except MemoryError as e:
    print(type(e).__name__, e)

try:
    raise GeneratorExit
except BaseException as e:
    print(type(e).__name__, isinstance(e, Exception))

Point = collections.namedtuple("Point", ["x", "y"], defaults=[0.0])
p = Point._make([torch.ones(2), 3])
print(Point._fields, Point._field_defaults, p._asdict(), p._replace(y=4))
