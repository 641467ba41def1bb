# torch.utils.checkpoint: reentrant (CheckpointFunctionBackward) and not, and checkpoint_sequential.
import torch

from torch.utils.checkpoint import checkpoint, checkpoint_sequential
w = torch.tensor([1.0, 2.0], requires_grad=True)
x = torch.tensor([0.5, 0.25], requires_grad=True)
f = lambda t: (t * w).sin()
y = checkpoint(f, x, use_reentrant=True); print(y.grad_fn.name(), y.requires_grad)
y.sum().backward(); print(w.grad, x.grad)
y = checkpoint(f, x, use_reentrant=False); print(y.grad_fn.name())
y.sum().backward(); print(w.grad, x.grad)
m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
with torch.no_grad():
    for p in m.parameters():
        p.fill_(0.3)
inp = torch.ones(1, 2, requires_grad=True)
out = checkpoint_sequential(m, 2, inp, use_reentrant=True); print(out.grad_fn.name())
out.sum().backward(); print(inp.grad, m[0].weight.grad)
