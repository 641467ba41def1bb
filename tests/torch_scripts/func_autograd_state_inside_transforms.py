import torch
from torch.func import grad, jacrev, vjp, vmap

# What autograd shows of a tensor inside a transform: under vmap a batched tensor has no graph of
# its own (requires_grad False, a leaf, no grad_fn) unless a grad transform inside the vmap tracks
# it; retain_grad() is refused inside grad transforms; an in-place write into a captured leaf that
# requires grad is refused as outside vmap.
torch.manual_seed(0)


def attempt(name, fn):
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__, e)


w = torch.randn(3, requires_grad=True)
xs = torch.randn(2, 3, requires_grad=True)


def show(a):
    y = a * w
    print("  inside:", a.requires_grad, a.is_leaf, a.grad_fn, y.requires_grad, y.is_leaf, y.grad_fn)
    return y


out = vmap(show)(xs)
print(out.requires_grad, out.grad_fn)
vmap(show)(xs.detach())


def show_loss(a):
    y = (a * w).sum()
    print("  inside grad:", y.requires_grad, y.is_leaf)
    return y


print(vmap(grad(show_loss))(xs))


def keeps_grad(a):
    y = a * 2
    y.retain_grad()
    return y.sum()


attempt("grad:", lambda: grad(keeps_grad)(xs[0]))
attempt("jacrev:", lambda: jacrev(keeps_grad)(xs[0]))
attempt("vjp:", lambda: vjp(keeps_grad, xs[0])[0])
attempt("vmap:", lambda: vmap(lambda a: keeps_grad(a) * 1)(xs))


def grows_w(a):
    w.add_(a)
    return w


attempt("in-place on a captured leaf:", lambda: vmap(grows_w)(xs.detach()))
with torch.no_grad():
    attempt("the same under no_grad:", lambda: vmap(lambda a: w[:1].mul(a))(xs))
y = w * 2
y.retain_grad()
y.sum().backward()
print(y.grad, w.grad)

# linearize's jvp_fn checks each tangent's shape and dtype against its primal's
from torch.func import linearize
out, jvp_fn = linearize(torch.sin, xs[0].detach())
print(jvp_fn(torch.ones(3)))
attempt("float64 tangent:", lambda: jvp_fn(torch.ones(3, dtype=torch.float64)))
attempt("wrong shape:", lambda: jvp_fn(torch.ones(4)))
