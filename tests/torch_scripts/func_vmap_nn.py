# vmap over nn code: batch norm with each example's statistics, an ensemble of BatchNorm models
# in eval mode (stacked buffers), per-sample gradients of a label-smoothed cross entropy,
# in-place ops on batched tensors, and torch's errors.
import torch
import torch.nn.functional as F
from torch.func import vmap, grad, functional_call, stack_module_state
x = torch.arange(48.).reshape(4, 2, 3, 2) / 10 - 1
w = torch.tensor([1.0, 2.0, 0.5])
b = torch.tensor([0.0, 0.1, -0.1])
print(vmap(lambda r: F.batch_norm(r, None, None, w, b, training=True))(x))
models = [torch.nn.BatchNorm1d(3) for _ in range(4)]
for i, m in enumerate(models):
    m.eval()
    m.running_mean.fill_(0.1 * i)
    m.running_var.fill_(1.0 + i)
params, buffers = stack_module_state(models)
print(vmap(lambda p, q, r: functional_call(models[0], (p, q), (r,)))(params, buffers, x[:, :, :, 0]).detach())
logits = torch.arange(36.).reshape(4, 3, 3).sin()
target = torch.tensor([[0, 2, 1], [2, -100, 0], [1, 1, 2], [0, -100, -100]])
W = torch.arange(9.).reshape(3, 3) / 9 - 0.4
def loss(W, a, t):
    return F.cross_entropy(a @ W, t, label_smoothing=0.1)
print(vmap(grad(loss), in_dims=(None, 0, 0))(W, logits, target))
def f(r):
    y = r.clone()
    y[0] = 1.0
    y.mul_(2).clamp_(max=1.5)
    return y
print(vmap(f)(logits))
print(vmap(lambda t: F.one_hot(t.clamp(min=0), 3))(target))
try:
    vmap(lambda r: F.batch_norm(r, torch.zeros(2), torch.ones(2), training=True))(x)
except RuntimeError as e:
    print('RuntimeError:', str(e).split('\n')[0])
captured = torch.zeros(3)
try:
    vmap(lambda r: captured.add_(r[0]))(logits)
except RuntimeError as e:
    print('RuntimeError:', e)
