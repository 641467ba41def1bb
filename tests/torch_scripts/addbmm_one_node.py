import torch
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
b1 = torch.randn(4, 2, 5, requires_grad=True)
b2 = torch.randn(4, 5, 3, requires_grad=True)
y = torch.addbmm(x, b1, b2, beta=0.5, alpha=2)
print(y, y.grad_fn)
n = y.grad_fn
print({a: (tuple(getattr(n, a).shape) if torch.is_tensor(getattr(n, a)) else getattr(n, a)) for a in dir(n) if a.startswith("_saved")})
print([c[0].name() if c[0] else None for c in n.next_functions])
y.pow(2).sum().backward()
print(x.grad, b1.grad[1], b2.grad[3])
print(y.sum().item())
z = x.addbmm(b1, b2)
print(z, torch.addbmm(torch.randn(3), b1, b2).shape)
g = torch.autograd.grad(torch.addbmm(x, b1, b2).sum(), b1, create_graph=True)[0]
print(g.grad_fn, g[0])
t(lambda: torch.addbmm(x, torch.randn(2, 5), torch.randn(4, 5, 3)))
t(lambda: torch.addbmm(x, torch.randn(4, 2, 5), torch.randn(3, 5, 3)))
t(lambda: torch.addbmm(x, torch.randn(4, 2, 5), torch.randn(4, 4, 3)))
t(lambda: torch.addbmm(torch.randn(2, 2), torch.randn(4, 2, 5), torch.randn(4, 5, 3)))
t(lambda: torch.addbmm(x, torch.randn(0, 2, 5), torch.randn(0, 5, 3), beta=2))
t(lambda: torch.addbmm(x.double(), torch.randn(4, 2, 5), torch.randn(4, 5, 3)))
print(torch.func.jacrev(lambda a: torch.addbmm(x.detach(), a, b2.detach()).sum())(b1.detach())[0])
print(torch.func.vmap(lambda s: torch.addbmm(s, b1.detach(), b2.detach()))(torch.zeros(3, 2, 3)).shape)
