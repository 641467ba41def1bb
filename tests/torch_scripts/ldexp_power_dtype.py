# ldexp computes 2 ** other in other's dtype when it is a float (a float16 power is rounded to
# float16; a float32 one overflows beside a float64 self), else in the common dtype (float64 self
# and int64 other: 2 ** 200 is finite), and the product is promoted as torch promotes it.
import torch

one = torch.tensor([1.0, 3.0, -0.5])
print(torch.ldexp(one, torch.tensor([0.3, 2.1, -1.7], dtype=torch.float16)))
print(torch.ldexp(one, torch.tensor([0.3, 2.1, -1.7])))
print(torch.ldexp(one.double(), torch.tensor([0.3, 2.1, -1.7], dtype=torch.float16)))
print(torch.ldexp(one.double(), torch.tensor([20.5, 200.5, 1.0])))
print(torch.ldexp(one.double(), torch.tensor([200, 2, 3])))
print(torch.ldexp(one, torch.tensor([200, 2, 3])))
print(torch.ldexp(torch.tensor([1, 2]), torch.tensor([-1, 2])))
print(torch.ldexp(torch.tensor(1.0, dtype=torch.float64), torch.tensor([2.0], dtype=torch.float16)))
print(torch.ldexp(torch.tensor([1 + 1j]), torch.tensor([2])))
print(torch.ldexp(torch.tensor([1 + 0j], dtype=torch.complex128), torch.tensor([200])))
x = torch.tensor([1.0, 2.0])
x.ldexp_(torch.tensor([1, -1]))
print(x)
for a, b in [(torch.tensor([1.0]), torch.tensor([True])), (torch.tensor([True]), torch.tensor([1])), (torch.tensor([True]), torch.tensor([True]))]:
    try:
        print(torch.ldexp(a, b))
    except NotImplementedError as e:
        print("NotImplementedError:", e)
