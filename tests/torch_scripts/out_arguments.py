# out=: torch's functions write their result into a given tensor and return it
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]])
y = torch.ones(2, 3)
result = torch.empty(2, 3)
torch.add(x, y, out=result)
print(result)
r = torch.mul(x, 2, out=result)
print(r is result, result._version)

o = torch.empty(3)
print(torch.exp(torch.tensor([0.0, 1.0, 2.0]), out=o), o)
print(torch.sum(x, 0, out=torch.empty(3)))
print(torch.matmul(x, y.t(), out=torch.empty(2, 2)))
print(torch.cat([x, y], out=torch.empty(4, 3)))
print(torch.stack([x, y], out=torch.empty(2, 2, 3)).shape)
print(torch.arange(5, out=torch.empty(5, dtype=torch.long)))
print(torch.linspace(0, 1, 5, out=torch.empty(5)))
print(torch.clamp(x, -1, 1, out=torch.empty(2, 3)))
print(torch.where(x > 0, x, -x, out=torch.empty(2, 3)))
print(torch.pow(x, 2, out=torch.empty(2, 3)))
print(torch.zeros(2, 2, out=torch.full((2, 2), 7.0)))
print(torch.tensordot(x, y, dims=([1], [1]), out=torch.empty(2, 2)))
print(torch.nan_to_num(torch.tensor([float("nan"), 1.0]), out=torch.empty(2)))
print(F.normalize(x, dim=1, out=torch.empty(2, 3)))
print(torch.linalg.inv(torch.tensor([[2.0, 0.0], [0.0, 4.0]]), out=torch.empty(2, 2)))
print(torch.special.expit(torch.tensor([0.0]), out=torch.empty(1)))
print(torch.fft.fft(torch.tensor([1.0, 0.0, 0.0, 0.0]), out=torch.empty(4, dtype=torch.complex64)))

# the result's dtype may be cast to out's when torch's rule allows
ints = torch.tensor([1, 2, 3])
print(torch.add(ints, ints, out=torch.empty(3)))
print(torch.add(x, x, out=torch.empty(2, 3, dtype=torch.float64)))
print(torch.lt(x, 2, out=torch.empty(2, 3)))
print(torch.exp(ints, out=torch.empty(3)))

# a view as out writes through into its base
base = torch.zeros(2, 3)
torch.add(x[0], 1, out=base[1])
print(base)

# out as one of the inputs
a = torch.tensor([1.0, 2.0, 3.0])
torch.add(a, 1, out=a)
print(a)

# named results: a tuple of outs
values, indices = torch.empty(3), torch.empty(3, dtype=torch.long)
m = torch.max(x, 0, out=(values, indices))
print(m)
print(m.values is values, m.indices is indices)
s = torch.sort(torch.tensor([3.0, 1.0, 2.0]), out=(torch.empty(3), torch.empty(3, dtype=torch.long)))
print(s)
print(type(s).__name__)

# resizing: silent from zero elements
grow = torch.empty(0)
torch.add(a, a, out=grow)
print(grow.shape)

with torch.no_grad():
    w = torch.ones(2, requires_grad=True)
    print(torch.add(w, w, out=torch.empty(2)))

def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])

w = torch.ones(2, requires_grad=True)
attempt("input requires grad", lambda: torch.add(w, w, out=torch.empty(2)))
attempt("out requires grad", lambda: torch.add(a, a, out=torch.empty(3, requires_grad=True)))
attempt("max requires grad", lambda: torch.max(w, 0, out=(torch.empty(()), torch.empty((), dtype=torch.long))))
attempt("float into long", lambda: torch.add(x, x, out=torch.empty(2, 3, dtype=torch.long)))
attempt("float into bool", lambda: torch.mul(x, 1, out=torch.empty(2, 3, dtype=torch.bool)))
attempt("out a list", lambda: torch.add(a, a, out=[1, 2, 3]))
attempt("one result, two outs", lambda: torch.add(a, a, out=(torch.empty(3), torch.empty(3))))
attempt("a method takes no out", lambda: a.add(a, out=torch.empty(3)))

# out among keyword arguments unpacked from a dict
options = {"out": torch.empty(3)}
r = torch.mul(torch.ones(3), 2, **options)
print(r is options["out"], options["out"])

# out=None is no out
print(torch.add(torch.ones(2), 1, out=None))
