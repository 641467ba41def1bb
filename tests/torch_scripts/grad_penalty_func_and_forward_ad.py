import torch
import torch.autograd.forward_ad as fwAD
from torch.func import grad, vmap, jacrev, jacfwd, hessian, functional_call

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
y.retain_grad()
z = (y * x).sum()
g, = torch.autograd.grad(z, x, create_graph=True)
print(g, g.grad_fn)
gp = (g.norm() - 1) ** 2
gp.backward()
print(x.grad, y.grad)

class Square(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x ** 2
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        ctx.save_for_backward(x)
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g
    @staticmethod
    def jvp(ctx, t):
        x, = ctx.saved_tensors
        return 2 * x * t

a = torch.tensor([0.5, -1.5], requires_grad=True)
print(Square.apply(a), torch.autograd.gradcheck(Square.apply, (a.double().detach().requires_grad_(),)))
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0]))
    out = torch.sin(d) * d
    print(fwAD.unpack_dual(out).tangent)

def f(x):
    return (x.sin() * x).sum()
print(grad(f)(torch.tensor([0.1, 0.2])))
print(vmap(grad(f))(torch.tensor([[0.1, 0.2], [0.3, 0.4]])))
print(jacrev(torch.sin)(torch.tensor([0.1, 0.2])))
print(jacfwd(jacrev(f))(torch.tensor([0.1, 0.2])))
print(hessian(f)(torch.tensor([0.1, 0.2])))
m = torch.nn.Linear(2, 1)
params = {k: torch.ones_like(v) for k, v in m.named_parameters()}
print(functional_call(m, params, (torch.tensor([[1.0, 2.0]]),)))
w = torch.ones(2, requires_grad=True)
h = w.register_post_accumulate_grad_hook(lambda p: print("acc", p.grad))
(w * 3).sum().backward()
with torch.enable_grad():
    with torch.no_grad():
        q = w * 2
print(q.requires_grad)
with torch.inference_mode():
    r = w * 2
print(r.requires_grad, torch.is_inference(r), r.is_inference())
print(torch.autograd.functional.jacobian(lambda t: t.cumsum(0), torch.ones(3), vectorize=True))
print(torch.autograd.functional.vjp(lambda t: t ** 2, torch.ones(2), torch.tensor([1.0, 2.0])))
print(torch.autograd.functional.hvp(lambda t: (t ** 3).sum(), torch.ones(2), torch.ones(2)))
