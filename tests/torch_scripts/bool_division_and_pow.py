# Division, remainder and pow where a bool is involved: a bool divisor's False is an integer
# division by zero (also after a Python int: 2 // mask), two bools have no division kernel,
# a bool tensor to a bool power stays bool, and a bool base to an integer tensor is an integer.
import torch

mask = torch.tensor([True, False, True])
ones = torch.tensor([True, True])


def show(label, f):
    try:
        r = f()
        print(label, r, r.dtype)
    except (RuntimeError, NotImplementedError) as e:
        print(label, type(e).__name__, e)


show("2 // mask", lambda: 2 // mask)
show("2 % mask", lambda: 2 % mask)
show("remainder(2, mask)", lambda: torch.remainder(2, mask))
show("int // mask", lambda: torch.tensor([4, 5, 6]) // mask)
show("int.div(mask, floor)", lambda: torch.tensor([4, 5, 6]).div(mask, rounding_mode="floor"))
show("int.div(mask, trunc)", lambda: torch.tensor([4, 5, 6]).div(mask, rounding_mode="trunc"))
show("float // mask", lambda: torch.tensor([4.0, 5.0, 6.0]) // mask)
show("2 // ones", lambda: 2 // ones)
show("mask // mask", lambda: mask // mask)
show("mask % True", lambda: mask % True)
show("floor_divide(mask, mask)", lambda: torch.floor_divide(mask, mask))
show("fmod(mask, mask)", lambda: torch.fmod(mask, mask))
show("mask.div(mask, floor)", lambda: mask.div(mask, rounding_mode="floor"))
show("mask.div(mask, trunc)", lambda: mask.div(mask, rounding_mode="trunc"))
show("mask.div(2, floor)", lambda: mask.div(2, rounding_mode="floor"))
show("int8 // mask (shapes differ)", lambda: torch.tensor([1, 2], dtype=torch.int8) // mask)
show("int % 1j", lambda: torch.tensor([5, -7, 3]) % 1j)
show("double % 1j", lambda: torch.tensor([5.0, -7.0], dtype=torch.float64) % 1j)

show("mask ** True", lambda: mask ** True)
show("mask ** False", lambda: mask ** False)
show("mask ** 1", lambda: mask ** 1)
show("True ** int", lambda: True ** torch.tensor([2, 3]))
show("False ** int", lambda: False ** torch.tensor([2, 0]))
show("pow(True, int)", lambda: torch.pow(True, torch.tensor([2])))
show("True ** mask", lambda: True ** mask)
show("mask.pow_(True)", lambda: torch.tensor([True, False]).pow_(True))
