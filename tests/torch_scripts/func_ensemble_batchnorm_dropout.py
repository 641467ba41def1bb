# Model ensembling (the torch.func tutorial) with batch norm and dropout: stack_module_state stacks
# the buffers, vmap trains each model's batch norm on its own running statistics (updated in the
# stacked buffers, not the models' own), dropout needs randomness='different' (or 'same').
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import stack_module_state, functional_call, vmap, grad
import copy
torch.manual_seed(0)
def tryit(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.bn = nn.BatchNorm1d(8)
        self.drop = nn.Dropout(0.5)
        self.fc2 = nn.Linear(8, 3)
    def forward(self, x):
        return self.fc2(self.drop(F.relu(self.bn(self.fc1(x)))))
models = [Net() for _ in range(3)]
params, buffers = stack_module_state(models)
print(sorted(buffers.keys()), buffers['bn.num_batches_tracked'])
base = copy.deepcopy(models[0]).to('meta')
def fmodel(p, b, x):
    return functional_call(base, (p, b), (x,))
x = torch.randn(6, 4)
tryit(lambda: vmap(fmodel, in_dims=(0, 0, None))(params, buffers, x))
tryit(lambda: vmap(fmodel, in_dims=(0, 0, None), randomness='different')(params, buffers, x).shape)
print(buffers['bn.running_mean'][1])
print(buffers['bn.num_batches_tracked'])
tryit(lambda: vmap(fmodel, in_dims=(0, 0, None), randomness='same')(params, buffers, x)[2, 0])
base.eval()
out = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, x)
print(out[1, :2])
for m in models: m.eval()
print(torch.stack([m(x) for m in models])[1, :2])
# training the ensemble functionally
def loss_fn(p, b, xx, yy):
    return F.cross_entropy(functional_call(base, (p, b), (xx,)), yy)
y = torch.randint(0, 3, (6,))
g = vmap(grad(loss_fn), in_dims=(0, 0, None, None))(params, buffers, x, y)
print(g['fc2.bias'].detach())
tryit(lambda: stack_module_state([nn.Linear(2, 2), nn.Linear(2, 3)]))
tryit(lambda: stack_module_state([]))
tryit(lambda: stack_module_state([nn.Linear(2, 2), nn.Conv1d(2, 2, 1)]))
l1 = nn.Linear(2, 2); l2 = nn.Linear(2, 2); l2.eval()
tryit(lambda: stack_module_state([l1, l2]))
