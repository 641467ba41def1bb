import torch
from torch.func import vmap, grad, jacrev

# Index functions whose index differs per example inside vmap: index_select, the scatters,
# index_add/fill/copy, index_put and x[i] = v compute each example with its own index (they
# were refused), keep their gradients, and refuse writing a batched result into an unbatched tensor.
torch.manual_seed(0)


def attempt(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)


x = torch.randn(3, 4)
idx = torch.tensor([[0, 1], [2, 3], [1, 1]])


def mark_max(t):
    y = t.clone()
    y[t.argmax()] = 100.
    return y


attempt(lambda: vmap(mark_max)(x))
attempt(lambda: vmap(lambda t, i: t.index_select(0, i))(x, idx))
attempt(lambda: vmap(lambda t, i: torch.index_select(t, 0, index=i))(x, idx))
attempt(lambda: vmap(lambda t, i: t.scatter(0, i, 1.0))(x, idx))
attempt(lambda: vmap(lambda t, i: t.scatter(0, index=i, value=2.))(x, idx))
attempt(lambda: vmap(lambda t, i: t.scatter_add(0, i, torch.ones(2)))(x, idx))
attempt(lambda: vmap(lambda t, i: torch.zeros(4).scatter(0, i, t[:2]))(x, idx))
attempt(lambda: vmap(lambda t, i: t.scatter_reduce(0, i, t[:2], reduce='amax'))(x, idx))
attempt(lambda: vmap(lambda t, i: t.index_add(0, i, torch.ones(2)))(x, idx))
attempt(lambda: vmap(lambda t, i: t.index_fill(0, i, -1.))(x, idx))
attempt(lambda: vmap(lambda t, i: t.index_copy(0, i, t[2:]))(x, torch.tensor([[0, 1], [2, 3], [1, 0]])))
attempt(lambda: vmap(lambda i: torch.arange(10.).index_select(0, i))(idx))
attempt(lambda: vmap(lambda t, i: torch.zeros(3, 4).index_select(1, i))(x, idx).shape)
attempt(lambda: vmap(lambda t, i: t.view(2, 2)[:, i])(x, torch.tensor([0, 1, 1])))
attempt(lambda: vmap(lambda t, i: t.view(2, 2)[i, i])(x, torch.tensor([0, 1, 1])))
attempt(lambda: vmap(lambda t, i: t.index_select(0, i).sum(), in_dims=(None, 0))(x[0], idx))


def put_values(t, i):
    y = t.clone()
    y[i] = torch.tensor([5., 6.])
    return y


def bump(t, i):
    y = t.clone()
    y[i] += 1
    return y


def add_scaled(t, i):
    y = t.clone()
    y.index_add_(0, i, t[2:] * 10)
    return y


def one_hot_update(v, a):
    q = torch.zeros(4)
    q = q.clone()
    q[a] = v
    return q


attempt(lambda: vmap(put_values)(x, idx))
attempt(lambda: vmap(bump)(x, idx))
attempt(lambda: vmap(add_scaled)(x, idx))
attempt(lambda: vmap(one_hot_update)(torch.tensor([1., 2., 3.]), torch.tensor([0, 3, 1])))
attempt(lambda: vmap(lambda v, a: torch.zeros(4).index_put((a,), v))(torch.tensor([1., 2., 3.]), torch.tensor([0, 3, 1])))

# nested vmap: an index per (outer, inner) example
idx2 = torch.randint(0, 4, (2, 3, 2))
attempt(lambda: vmap(vmap(lambda t, i: t.index_select(0, i)), in_dims=(None, 0))(x, idx2))
attempt(lambda: vmap(vmap(lambda t, i: t.scatter(0, i, -1.)), in_dims=(None, 0))(x, idx2))
attempt(lambda: vmap(vmap(bump), in_dims=(None, 0))(x, idx2))


# gradients through them
def select_loss(w, i):
    return (w.index_select(0, i) ** 2).sum()


def scatter_loss(w, i):
    out = torch.zeros(4).scatter_add(0, i, w[:2].exp())
    return (out * torch.arange(4.)).sum()


def zeroed_loss(w, i):
    y = w * 1
    y[i] = 0.
    return y.pow(2).sum()


attempt(lambda: vmap(grad(select_loss), in_dims=(None, 0))(x[0], idx))
attempt(lambda: vmap(grad(scatter_loss))(x, idx))
attempt(lambda: vmap(grad(zeroed_loss))(x, idx))
attempt(lambda: vmap(jacrev(lambda w, i: w.index_select(0, i)))(x, idx))
xr = x.clone().requires_grad_()
out = vmap(lambda t, i: t.gather(0, i) * t.index_select(0, i))(xr, idx)
out.sum().backward()
print(out)
print(xr.grad)

# writing a per-example result into a tensor vmap does not batch: torch's errors
z = torch.zeros(4)


def write_into_captured(t, i):
    z[i] = 1.
    return z


attempt(lambda: vmap(lambda t, i: z.index_add_(0, i, t[:2]))(x, idx))
attempt(lambda: vmap(lambda t, i: z.index_fill_(0, i, 1.))(x, idx))
attempt(lambda: vmap(lambda t, i: z.scatter_add_(0, i, t[:2]))(x, idx))
attempt(lambda: vmap(write_into_captured)(x, idx))
print(z)
