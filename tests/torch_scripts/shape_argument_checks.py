# Shape functions check their arguments as torch does: split sizes and narrow lengths must not be
# negative (a negative split size list, narrow(0, -1, -1) returned tensors, exit 0), narrow's start
# has its own range message, diagonal refuses identical dims, mT a vector, and reshape a -1 beside
# a 0 on an empty tensor.
import torch

x = torch.arange(6.0).reshape(2, 3)


def show(label, f):
    try:
        r = f()
        print(label, [t.shape for t in r] if isinstance(r, tuple) else r)
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)


show("split [4, -1]", lambda: torch.split(x, [4, -1], 1))
show("split -1", lambda: x.split(-1, 1))
show("split -2 dim 3", lambda: x.split(-2, 3))
show("split 0", lambda: x.split(0, 1))
show("narrow length -1", lambda: x.narrow(0, -1, -1))
show("narrow start 4", lambda: x.narrow(1, 4, 0))
show("narrow start -4", lambda: x.narrow(1, -4, 1))
show("narrow start -3", lambda: x.narrow(1, -3, 1))
show("narrow 3 + 1", lambda: x.narrow(1, 3, 1))
show("narrow empty", lambda: torch.zeros(0).narrow(0, 0, 0))
show("diagonal (0, -2)", lambda: x.diagonal(0, 0, -2))
show("diagonal (1, -1)", lambda: x.diagonal(0, 1, -1))
show("diagonal (-1, 0) of 1-d", lambda: torch.ones(3).diagonal(0, -1, 0))
show("diagonal (0, 1)", lambda: x.diagonal(0, 0, 1))
show("mT of a vector", lambda: torch.ones(3).mT)
show("mT", lambda: x.mT)
show("reshape (0, -1) of empty", lambda: torch.zeros(0).reshape(0, -1))
show("view (-1, 0) of empty", lambda: torch.zeros(2, 0).view(-1, 0))
show("reshape (-1, 2) of empty", lambda: torch.zeros(0, 4).reshape(-1, 2))
show("reshape (-1, 4) of 6", lambda: x.reshape(-1, 4))
