# The gradient of a transpose records what torch's formula calls: grad.t() for t(), also on 1-D tensors
import torch
from torch.func import grad

torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
g = torch.ones(3, 2, requires_grad=True)
for view in (lambda a: a.t(), lambda a: a.T, lambda a: a.mT, lambda a: a.transpose(0, 1), lambda a: a.permute(1, 0)):
    gx, = torch.autograd.grad(view(x), x, g, create_graph=True)
    print(gx.grad_fn.name(), gx.shape)
y = torch.randn(3, requires_grad=True)
gy, = torch.autograd.grad(y.t(), y, torch.ones(3, requires_grad=True), create_graph=True)
print(gy.grad_fn.name(), gy)
w = torch.randn(3, 2, requires_grad=True)
print(grad(lambda a: (a.t() * w.t()).sum())(torch.randn(3, 2)))
model = torch.nn.Linear(3, 1)
params = dict(model.named_parameters())
out = grad(lambda p, inp: torch.func.functional_call(model, p, (inp,)).pow(2).sum())(params, torch.randn(1, 3))
print({k: v.grad_fn.name() for k, v in out.items()})
