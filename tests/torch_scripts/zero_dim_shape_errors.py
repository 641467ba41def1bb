# Shape functions on a 0-d tensor (a loss, an item picked out) as torch answers them:
# torch.cat([loss_a, loss_b]) names the 0-d tensor (it was 'tuple index out of range'), split,
# chunk, narrow, select, diff, fliplr and flipud need dimensions, dims that read a size (unbind,
# roll with dims, linalg.cross, take_along_dim) say the tensor has none, and flip copies.
import torch

z = torch.tensor(2.0)
loss_a = (torch.tensor([1.0, 2.0], requires_grad=True) ** 2).sum()


def show(label, f):
    try:
        print(label, f())
    except (RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)


show("cat of losses", lambda: torch.cat([loss_a, loss_a * 2]))
show("cat, the second 0-d", lambda: torch.cat([torch.ones(2), z]))
show("cat dim=1", lambda: torch.cat([z], dim=1))
show("concat", lambda: torch.concat([z, z]))
show("stack of losses", lambda: torch.stack([loss_a, loss_a * 2]))
show("hstack", lambda: torch.hstack([z, z]))
show("split", lambda: z.split(1))
show("split sizes", lambda: z.split([1]))
show("split dim 5", lambda: z.split(1, 5))
show("chunk", lambda: z.chunk(2))
show("chunk 0", lambda: z.chunk(0))
show("unbind", lambda: z.unbind())
show("unbind -1", lambda: z.unbind(-1))
show("unbind 1", lambda: z.unbind(1))
show("narrow", lambda: z.narrow(0, 0, 1))
show("select", lambda: z.select(0, 0))
show("diff", lambda: z.diff())
show("roll", lambda: z.roll(1))
show("roll dim 0", lambda: z.roll(1, 0))
show("roll dim 5", lambda: z.roll(1, 5))
show("roll dims (-1, 0)", lambda: z.roll((1, 2), (-1, 0)))
show("flip 0", lambda: z.flip(0))
show("flip -1", lambda: loss_a.flip(-1))
show("flip ()", lambda: z.flip(()))
show("flip 1", lambda: z.flip(1))
show("flip (0, -1)", lambda: z.flip((0, -1)))
show("flip (0, -2) of 2-d", lambda: torch.ones(2, 2).flip((0, -2)))
show("fliplr", lambda: z.fliplr())
show("fliplr 1-d", lambda: torch.ones(2).fliplr())
show("flipud", lambda: z.flipud())
show("cross", lambda: torch.linalg.cross(z, z))
show("cross dim 5", lambda: torch.linalg.cross(z, z, dim=5))
show("cross dim -4 of 3-d", lambda: torch.linalg.cross(torch.ones(3, 3, 3), torch.ones(3, 3, 3), dim=-4))
show("cross dim 3 of 3-d", lambda: torch.linalg.cross(torch.ones(3, 3, 3), torch.ones(3, 3, 3), dim=3))
show("take_along_dim", lambda: torch.take_along_dim(z, torch.tensor(0), -1))
show("take_along_dim 5", lambda: torch.take_along_dim(z, torch.tensor(0), 5))
show("take_along_dim no dim", lambda: torch.take_along_dim(z, torch.tensor([0])))
h = torch.hstack([loss_a, torch.ones(2), loss_a])
print(h, h.grad_fn.next_functions)
print(torch.column_stack([z, z]), torch.vstack([z, z]), torch.dstack([z, z]).shape)
s = torch.tensor(-2.5, requires_grad=True)
c = s.cumprod(0)
c.backward()
print(c, c.shape, s.grad, torch.tensor(3).cumprod(-1), torch.tensor(2.0).cumprod(0, dtype=torch.float64))
