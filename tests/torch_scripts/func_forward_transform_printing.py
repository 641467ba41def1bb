import torch
from torch.func import grad, jvp, jacfwd, jacrev, hessian, vjp

# Printing inside forward-mode transforms: torch.func.jvp, jacfwd (a vmap over jvp: two levels) and
# hessian (jacfwd over jacrev) show the inputs and what the function computes as GradTrackingTensors,
# without tangents; every argument is wrapped, not only the differentiated ones.


def f(x):
    print("x:", x)
    y = x.sin() * 2
    print("y:", y)
    return y.sum()


x = torch.tensor([1., 2.])
print("-- jvp")
print(jvp(f, (x,), (torch.ones(2),)))
print("-- jacfwd")
print(jacfwd(f)(x))
print("-- hessian")
print(hessian(f)(x))


def g(a, b):
    print("a:", a)
    print("b:", b)
    return (a * b.exp()).sum()


a, b = torch.tensor([0.5, -1.0]), torch.tensor([2.0, 0.0])
print("-- jacfwd argnums=1")
print(jacfwd(g, argnums=1)(a, b))
print("-- grad argnums=1")
print(grad(g, argnums=1)(a, b))
print("-- jacrev argnums=0")
print(jacrev(g)(a, b))
print("-- vjp")
out, fn = vjp(g, a, b)
print(out, fn(torch.tensor(1.)))
print("-- jvp has_aux")
print(jvp(lambda t: (t.exp(), t * 3), (torch.ones(1),), (torch.ones(1),), has_aux=True))
