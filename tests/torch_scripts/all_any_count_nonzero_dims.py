# all/any over a tuple of dims (torch 2.13; an empty tuple reduces nothing), count_nonzero over an
# empty tuple (every dim), and the dims checks these share with sum (repeats, range, 0-d inputs).
import torch

torch.manual_seed(0)
x = torch.randn(2, 3, 4) > 0


def show(label, f):
    try:
        print(label, f())
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)


show("all((0, 2))", lambda: x.all((0, 2)))
show("any((-1, 0), keepdim)", lambda: x.any((-1, 0), keepdim=True).shape)
show("all([1])", lambda: torch.all(x, [1]).sum())
show("any(())", lambda: x.any(()).shape)
show("all((0, 1, 2))", lambda: x.all((0, 1, 2)))
show("all((0, 0))", lambda: x.all((0, 0)))
show("any((0, -3))", lambda: x.any((0, -3)))
show("all((3,))", lambda: x.all((3,)))
show("count_nonzero(())", lambda: x.count_nonzero(()))
show("count_nonzero((0, 2))", lambda: x.count_nonzero((0, 2)))
show("count_nonzero((-1, 2))", lambda: x.count_nonzero((-1, 2)))
show("count_nonzero(3)", lambda: x.count_nonzero(3))
u = torch.tensor([[1, 0], [2, 3]], dtype=torch.uint8)
show("uint8 all((0, 1))", lambda: u.all((0, 1)))
show("uint8 any(())", lambda: u.any(()))
z = torch.tensor(2.0)
for d in [0, -1, (0,), (), (0, 0), (0, -1), 1]:
    for name in ["all", "any", "count_nonzero", "sum"]:
        show(f"0-d {name}({d})", lambda: getattr(z, name)(d))
