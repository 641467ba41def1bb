import torch
import torch.nn as nn
import torch.nn.functional as F
from functorch import make_functional, make_functional_with_buffers, combine_state_for_ensemble, vmap, grad
import functorch

# The functorch package older tutorials import: its transforms are torch.func's, and its stateless
# modules (make_functional, make_functional_with_buffers, combine_state_for_ensemble) run a copy of the
# model with the weights passed in -- the original model ensembling and per-sample-gradient recipes.
torch.manual_seed(0)


class SimpleMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


num_models = 3
models = [SimpleMLP() for _ in range(num_models)]
data = torch.randn(num_models, 5, 8)
minibatch = data[0]
fmodel, params, buffers = combine_state_for_ensemble(models)
print([p.size(0) for p in params], len(buffers))
print([p.requires_grad for p in params])
[p.requires_grad_() for p in params]
predictions1_vmap = vmap(fmodel)(params, buffers, data)
expected = torch.stack([m(d) for m, d in zip(models, data)])
print(torch.allclose(predictions1_vmap, expected, atol=1e-6))
predictions2_vmap = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, minibatch)
print(predictions2_vmap.shape, predictions2_vmap[1, 0])

model = SimpleMLP()
fm, ps = make_functional(model)
print(type(ps), len(ps), ps[1])
x = torch.randn(6, 8)
t = torch.randint(0, 4, (6,))


def compute_loss(params, sample, target):
    batch = sample.unsqueeze(0)
    targets = target.unsqueeze(0)
    predictions = fm(params, batch)
    return F.cross_entropy(predictions, targets)


per_sample = vmap(grad(compute_loss), in_dims=(None, 0, 0))(ps, x, t)
print([g.shape for g in per_sample])
print(per_sample[3].detach())
print(torch.allclose(fm(ps, x), model(x)))
fmb, psb, bb = make_functional_with_buffers(nn.BatchNorm1d(3))
print(len(psb), len(bb), [b.shape for b in bb])
try:
    make_functional(nn.BatchNorm1d(3))
except Exception as e:
    print(type(e).__name__, e)
fm2, ps2 = make_functional(model, disable_autograd_tracking=True)
print([p.requires_grad for p in ps2])
loss = fm(ps, x).sum()
loss.backward()
print(ps[3].grad, model.fc2.bias.grad)
print(functorch.jacrev(torch.sin)(torch.zeros(2)), functorch.grad(lambda v: v.exp().sum())(torch.zeros(2)))
try:
    combine_state_for_ensemble([nn.Linear(2, 2), nn.Linear(2, 3).eval()])
except Exception as e:
    print(type(e).__name__, e)
