import torch
from torch.func import grad, jacrev, vjp
# retain_grad() on a tensor inside a function that torch.func transforms is refused; outside it works


def f(x):
    y = x.sin()
    y.retain_grad()
    return y.sum()


for name, call in [("grad", lambda: grad(f)(torch.tensor([1., 2.]))),
                   ("jacrev", lambda: jacrev(f)(torch.tensor([1., 2.]))),
                   ("vjp", lambda: vjp(f, torch.tensor([1., 2.]))[1](torch.tensor(1.)))]:
    try:
        print(name, call())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
x = torch.tensor([1., 2.], requires_grad=True)
y = x.sin()
y.retain_grad()
y.sum().backward()
print(y.grad, x.grad)
print(grad(lambda v: (v.sin() * v.detach()).sum())(torch.tensor([1., 2.])))
