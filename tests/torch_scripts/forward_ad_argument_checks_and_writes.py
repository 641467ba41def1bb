import torch
import torch.autograd.forward_ad as fwAD
def t(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__ + ":", e)
x = torch.ones(3)
t(lambda: fwAD.make_dual(x, torch.ones(3)))
with fwAD.dual_level():
    t(lambda: fwAD.make_dual(x, torch.ones(2)))
    t(lambda: fwAD.make_dual(x, torch.ones(3, dtype=torch.float64)))
    t(lambda: fwAD.make_dual(torch.ones(3, dtype=torch.int64), torch.ones(3)))
    d = fwAD.make_dual(x, torch.arange(3.))
    t(lambda: fwAD.unpack_dual(d).tangent)
    def nested():
        with fwAD.dual_level():
            pass
    t(nested)
    y = d.sum()
    print(fwAD.unpack_dual(y))
    z = torch.zeros(3)
    z[1] = d[2] * 2
    print(fwAD.unpack_dual(z))
    w = torch.zeros(2, 3)
    w[0] = d
    print(fwAD.unpack_dual(w).tangent)
    lin = torch.nn.Linear(3, 2)
    torch.nn.init.constant_(lin.weight, 0.1); torch.nn.init.zeros_(lin.bias)
    print(fwAD.unpack_dual(lin(d)).tangent)
    print(fwAD.unpack_dual(torch.relu(d - 1)).tangent)
    print(fwAD.unpack_dual(d.detach()).tangent)
    print(fwAD.unpack_dual(d.clone().requires_grad_()).tangent)
    e = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 0.]))
    print(fwAD.unpack_dual(torch.linalg.norm(e)).tangent, fwAD.unpack_dual(e @ e).tangent)
    print(fwAD.unpack_dual(torch.stack([e, e]).T.reshape(-1)).tangent)
print(fwAD.unpack_dual(d))
x2 = torch.tensor([1., 2.], requires_grad=True)
with fwAD.dual_level():
    dd = fwAD.make_dual(x2, torch.tensor([1., 1.]))
    out = (dd ** 2).sum()
    p, tg = fwAD.unpack_dual(out)
    print(p.detach(), tg)
    tg.backward()
    print(x2.grad)
