import torch
from torch.func import grad, vmap, vjp, jacrev, grad_and_value
def f(x):
    y = x.sin()
    print(x.requires_grad, x.grad_fn, y.requires_grad, y.grad_fn, x.is_leaf)
    print(y)
    print(repr(x), str(x))
    print(f'{y}')
    return y.sum()
print(grad(f)(torch.tensor([1.0, 2.0])))
def h(x):
    print(x)
    return (x ** 2).sum()
print(grad(grad(lambda t: (t**3).sum() if print(t) is None else 0))(torch.tensor(2.0)))
print(vmap(grad(h))(torch.tensor([[1.0], [2.0]])))
w = torch.tensor([1.0, -1.0], requires_grad=True)
def g(x):
    print(w)
    return (w * x).sum()
print(grad(g)(torch.tensor([3.0, 4.0])))
out, fn = vjp(lambda x: (print(x), x * 2)[1], torch.tensor([1.0, 2.0]))
print(out, fn(torch.ones(2)))
print(grad_and_value(lambda x: (print(x.exp()), x.exp().sum())[1])(torch.tensor([0.0])))
print(jacrev(lambda x: (print(x), x ** 2)[1])(torch.tensor([1.0, 3.0])))
from torch.func import hessian, jacfwd, functional_call
torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
params = dict(model.named_parameters())
def loss(p, x):
    out = functional_call(model, p, (x,))
    print(out)
    return out.sum()
print(grad(loss)(params, torch.tensor([[1.0, 2.0]]))["bias"])
