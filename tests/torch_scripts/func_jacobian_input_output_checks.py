import torch
from torch.func import jacrev, jacfwd, hessian, vjp, grad, vmap

# torch.func refuses what it cannot differentiate, in torch's words: jacrev/jacfwd/hessian of complex
# inputs (any argument, whatever argnums) or complex outputs, vjp/jacrev of integer or bool outputs,
# and requires_grad_() on a tensor the transform wraps. grad of an integer output is zeros.


def attempt(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)


x = torch.tensor([0.5, -1.0])
z = torch.tensor([1.0 + 2.0j, -0.5j])
attempt(lambda: jacrev(lambda t: t * 1j)(x))
attempt(lambda: jacfwd(lambda t: t * 1j)(x))
attempt(lambda: jacrev(lambda a, b: a * b.real, argnums=(0, 1))(x, z))
attempt(lambda: jacrev(lambda a, b: a * b.real)(x, z))
attempt(lambda: hessian(lambda t: t.abs().sum())(z))
attempt(lambda: jacrev(lambda d: d['a'] * 2)({'a': z}))
attempt(lambda: jacfwd(lambda t, u: t * u, argnums=1)(z, x))
attempt(lambda: vjp(lambda t: t.argmax(), x)[0])
attempt(lambda: vjp(lambda t: (t, t.argmax()), x)[0])
attempt(lambda: jacrev(lambda t: (t * 2, t.argmax()))(x))
attempt(lambda: jacrev(lambda t: t.long())(x))
attempt(lambda: jacrev(lambda t: t > 0)(x))
attempt(lambda: jacrev(lambda t: (t.sum(), t.argmax()), has_aux=True)(x))
attempt(lambda: jacfwd(lambda t: t.long())(x))
attempt(lambda: grad(lambda t: t.argmax())(x))


def make_leaf(t):
    t.requires_grad_()
    return t.sum()


attempt(lambda: grad(make_leaf)(x))
attempt(lambda: vmap(make_leaf)(torch.ones(2, 3)))
attempt(lambda: jacrev(lambda t: t.exp().requires_grad_())(x))
