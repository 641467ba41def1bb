# movedim checks its dims as torch does (lengths, range, repeats; a 0-d tensor is an alias), and
# broadcast_shapes returns a torch.Size, takes ints and None, and words a mismatch as torch._refs
# does, while broadcast_tensors (and what broadcasts through it) use ATen's infer_size message.
import torch

x = torch.arange(24.0).reshape(2, 3, 4)


def show(label, f):
    try:
        print(label, f())
    except (RuntimeError, IndexError, ValueError) as e:
        print(label, type(e).__name__, e)


show("movedim(0, -1)", lambda: x.movedim(0, -1).shape)
show("movedim((0, 1), (2, 0))", lambda: x.movedim((0, 1), (2, 0)).shape)
show("moveaxis([0], [1])", lambda: torch.moveaxis(x, [0], [1]).shape)
show("movedim((), ())", lambda: x.movedim((), ()).shape)
show("movedim(0, 5)", lambda: x.movedim(0, 5))
show("movedim(-4, 0)", lambda: x.movedim(-4, 0))
show("movedim((0, 1), (1,))", lambda: x.movedim((0, 1), (1,)))
show("movedim((0, 0), (1, 2))", lambda: x.movedim((0, 0), (1, 2)))
show("movedim((0, -3), (1, 2))", lambda: x.movedim((0, -3), (1, 2)))
show("movedim((0, 1), (2, 2))", lambda: x.movedim((0, 1), (2, 2)))
s = torch.tensor(5.0, requires_grad=True)
show("0-d movedim(0, -1)", lambda: s.movedim(0, -1).grad_fn.name())
show("movedim grad_fn", lambda: x.requires_grad_().movedim(2, 0).grad_fn.name())
y = torch.arange(6.0).reshape(2, 3).requires_grad_()
y.movedim(1, 0).pow(2).sum().backward()
print(y.grad)

show("broadcast_shapes", lambda: torch.broadcast_shapes((2, 1), torch.Size([1, 3]), 3, None, [3]))
show("no shapes", lambda: torch.broadcast_shapes())
show("zero", lambda: torch.broadcast_shapes((0,), (1,)))
show("mismatch", lambda: torch.broadcast_shapes((2,), (3,)))
show("mismatch of a Size", lambda: torch.broadcast_shapes(torch.Size([4, 2]), [3]))
show("negative", lambda: torch.broadcast_shapes((-1,), (3,)))
show("broadcast_tensors", lambda: torch.broadcast_tensors(torch.ones(2), torch.ones(3)))
show("broadcast_tensors of three", lambda: torch.broadcast_tensors(torch.ones(2, 1), torch.ones(4), torch.ones(3, 1, 1))[2].shape)
show("three, the third mismatched", lambda: torch.broadcast_tensors(torch.ones(2, 1), torch.ones(4), torch.ones(3, 3, 1)))
show("cross", lambda: torch.cross(torch.ones(2, 3), torch.ones(3, 3)))
show("cdist batches", lambda: torch.cdist(torch.ones(2, 2, 3), torch.ones(3, 2, 3)))
show("Normal", lambda: torch.distributions.Normal(torch.zeros(2), torch.ones(3)))
print(torch.broadcast_tensors(torch.ones(2, 1), torch.zeros(3))[0].shape)
