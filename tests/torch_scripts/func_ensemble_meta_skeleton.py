import copy
import torch
import torch.nn as nn
from torch.func import stack_module_state, functional_call, vmap, grad
# torch.func's model-ensembling recipe: a copy of one model moved to the 'meta' device is only the
# skeleton functional_call runs with the stacked parameters.
torch.manual_seed(0)
models = [nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2)) for _ in range(3)]
params, buffers = stack_module_state(models)
print({k: tuple(v.shape) for k, v in params.items()})
base = copy.deepcopy(models[0]).to("meta")
def fmodel(params, buffers, x):
    return functional_call(base, (params, buffers), (x,))
x = torch.randn(5, 3)
out = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, x)
print(out.shape)
print(all(torch.allclose(out[i], models[i](x)) for i in range(3)))
print(out[2])
skeleton = copy.deepcopy(models[1]).to(device=torch.device("meta"))
print(functional_call(skeleton, dict(models[1].named_parameters()), (x[:2],)).detach())
def loss(p, b, x):
    return fmodel(p, b, x).pow(2).mean()
grads = vmap(grad(loss), in_dims=(0, 0, None))(params, buffers, x)
print(grads["2.bias"].detach())
