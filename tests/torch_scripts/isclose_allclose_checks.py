# isclose and allclose as torch checks and computes them: both operands tensors of one dtype (no
# promotion: allclose(float, long) is an error, not True), tolerances not negative, shapes that
# broadcast (torch's message, not numpy's), equality first, then the tolerance in the dtype.
import torch

x = torch.tensor([1.0, 2.0])


def show(label, f):
    try:
        print(label, f())
    except (RuntimeError, TypeError) as e:
        print(label, type(e).__name__, e)


show("allclose(float, long)", lambda: torch.allclose(x, torch.tensor([1, 2])))
show("isclose(float, long)", lambda: torch.isclose(x, torch.tensor([1, 2])))
show("isclose(float, double)", lambda: torch.isclose(x, x.double()))
show("allclose(float, half)", lambda: torch.allclose(x, x.half()))
show("allclose(3 vs 2)", lambda: torch.allclose(x, torch.tensor([1.0, 2.0, 3.0])))
show("isclose(x, 1.0)", lambda: torch.isclose(x, 1.0))
show("rtol=-1", lambda: torch.isclose(x, x, rtol=-1))
show("atol=-1", lambda: torch.isclose(x, x, atol=-1))
show("complex equal_nan", lambda: torch.isclose(x * 1j, x * 1j, equal_nan=True))
show("int", lambda: torch.isclose(torch.tensor([100, 200]), torch.tensor([100, 201]), rtol=1e-3, atol=0))
show("bool", lambda: torch.isclose(torch.tensor([True, False]), torch.tensor([True, True])))
special = torch.tensor([float("inf"), -float("inf"), float("nan"), 1.0])
show("inf and nan", lambda: torch.isclose(special, special))
show("equal_nan", lambda: torch.isclose(special, special, equal_nan=True))
show("broadcast", lambda: torch.isclose(special, torch.tensor(1.0)))
show("near", lambda: torch.isclose(torch.tensor([1.0, 1.0]), torch.tensor([1.00001, 1.0001])))
show("allclose near", lambda: x.allclose(x + 1e-6))
z = torch.tensor([complex(float("nan"), 1.0), 1 + 1j, complex(1.0, float("nan"))])
show("complex nan", lambda: torch.isclose(z, z))
show("complex equal_nan nan", lambda: torch.isclose(z, z.flip(0), equal_nan=True))
