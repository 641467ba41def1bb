import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, stack_module_state, vmap, grad
from torch.nn.utils.stateless import functional_call as stateless_call

torch.manual_seed(0)


def attempt(name, fn):
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__, e)


# per-sample gradients with the parameters NOT detached: the results keep a graph, and a bias
# gradient is a view of a keepdim sum (ViewBackward0), as torch computes it under vmap
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
params = dict(model.named_parameters())
x = torch.randn(5, 3)
t = torch.randint(0, 2, (5,))


def loss(p, xi, ti):
    out = functional_call(model, p, (xi.unsqueeze(0),))
    return F.cross_entropy(out, ti.unsqueeze(0))


per_sample = vmap(grad(loss), in_dims=(None, 0, 0))(params, x, t)
for k, v in per_sample.items():
    print(k, tuple(v.shape), v.grad_fn.name(), v.requires_grad)
print(per_sample["2.bias"])
per_sample["0.bias"].sum().backward()
print(model[0].weight.grad)
print(vmap(lambda xi, yi: xi * 2 + yi)(torch.randn(2, 3, requires_grad=True), torch.randn(2, 1)).grad_fn)

# stack_module_state: every model's parameter must agree on requires_grad
m1, m2 = nn.Linear(2, 3), nn.Linear(2, 3)
m1.weight.requires_grad_(False)
attempt("mixed requires_grad:", lambda: stack_module_state([m1, m2]))
m2.weight.requires_grad_(False)
p, b = stack_module_state([m1, m2])
print(p["weight"].requires_grad, p["bias"].requires_grad, p["bias"].is_leaf, b)

# functional_call's argument checks
net = nn.Linear(2, 2)
attempt("a list of tensors:", lambda: functional_call(net, [torch.ones(2, 2)], (torch.ones(1, 2),)))
attempt("a tensor:", lambda: functional_call(net, torch.ones(2, 2), (torch.ones(1, 2),)))
attempt("a tuple of dicts:", lambda: functional_call(net, ({"weight": torch.eye(2)}, {"bias": torch.ones(2)}),
                                                      (torch.ones(1, 2),)))

# the pre-2.0 import still works (with torch's FutureWarning on stderr)
print(stateless_call(nn.Linear(2, 1), {"weight": torch.ones(1, 2), "bias": torch.zeros(1)}, (torch.ones(1, 2),)))
