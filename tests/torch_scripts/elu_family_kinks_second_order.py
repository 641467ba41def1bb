# elu, selu and celu at their kink and at NaN: torch's elu_backward takes the exp branch where
# x <= 0 and scale elsewhere (NaN included), and its double backward masks x < 0 strictly.
import torch
import torch.nn.functional as F

x = torch.tensor([0.0, -0.0, float("nan"), -1.0, 2.0], requires_grad=True)
for name, f in (("elu", F.elu), ("selu", F.selu), ("celu(alpha=2)", lambda v: F.celu(v, 2.0)),
                ("elu(alpha=0.5)", lambda v: F.elu(v, 0.5))):
    g, = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    gg, = torch.autograd.grad(g.sum(), x)
    print(f"{name}: {g}")
    print(f"{name}'': {gg}")
    with torch.autograd.forward_ad.dual_level():
        dual = torch.autograd.forward_ad.make_dual(x.detach(), torch.ones(5))
        print(f"{name} jvp: {torch.autograd.forward_ad.unpack_dual(f(dual)).tangent}")
print(torch.autograd.functional.hessian(lambda v: F.elu(v).sum(), torch.tensor([0.0, -0.5])))
