# Indexing a 0-d tensor (loss[0], the pre-0.4 idiom loss.data[0]) raises torch's messages: a lone
# int is an invalid select, a lone slice cannot apply, and a tuple has too many indices.
import torch

loss = (torch.tensor([1.0, 2.0], requires_grad=True) ** 2).sum()


def show(label, f):
    try:
        print(label, f())
    except IndexError as e:
        print(label, "IndexError:", e)


def assign(key):
    t = torch.tensor(5.0)
    t[key] = 1.0
    return t


show("loss[0]", lambda: loss[0])
show("loss.data[0]", lambda: loss.data[0])
show("loss[-1]", lambda: loss[-1])
show("loss[0:1]", lambda: loss[0:1])
show("loss[:]", lambda: loss[:])
show("loss[0,]", lambda: loss[0, ])
show("loss[..., 0]", lambda: loss[..., 0])
show("loss[None, 0]", lambda: loss[None, 0])
show("loss[None]", lambda: loss[None])
show("loss[...]", lambda: loss[...])
show("loss[()]", lambda: loss[()])
show("t[0] = 1", lambda: assign(0))
show("t[0:1] = 1", lambda: assign(slice(0, 1)))
show("t[...] = 1", lambda: assign(Ellipsis))
show("loss[1]", lambda: loss[1])
show("t[-1] = 1", lambda: assign(-1))
show("loss[True]", lambda: loss[True])
show("loss[False]", lambda: loss[False])
