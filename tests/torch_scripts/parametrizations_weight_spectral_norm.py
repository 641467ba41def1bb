# torch.nn.utils.parametrize and parametrizations: a constrained weight (symmetric, skew), weight_norm
# and spectral_norm as parametrizations, and the older hook-based weight_norm / spectral_norm.
import warnings

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils.parametrizations import spectral_norm, weight_norm

torch.manual_seed(0)


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


layer = nn.Linear(3, 3)
P.register_parametrization(layer, "weight", Symmetric())
print(layer)
print(layer.weight)
print([n for n, _ in layer.named_parameters()])
print(list(layer.state_dict().keys()))
print(type(layer).__name__, P.is_parametrized(layer), P.is_parametrized(layer, "bias"))
print(P.type_before_parametrizations(layer))
layer(torch.randn(2, 3)).sum().backward()
print(layer.parametrizations.weight.original.grad)


class Skew(nn.Module):
    def forward(self, X):
        A = X.triu(1)
        return A - A.T

    def right_inverse(self, A):
        return A.triu(1)


l2 = nn.Linear(3, 3)
P.register_parametrization(l2, "weight", Skew())
l2.weight = torch.tensor([[0., 1., 2.], [-1., 0., 3.], [-2., -3., 0.]])    # runs right_inverse
print(l2.weight, l2.parametrizations.weight.original)
with P.cached():
    print(l2.weight is l2.weight)
print(l2.weight is l2.weight)
P.register_parametrization(l2, "weight", Symmetric(), unsafe=True)        # stacked: skew then symmetrized
print(l2.parametrizations.weight)
print(l2.weight)
P.remove_parametrizations(l2, "weight")
print(l2, type(l2).__name__, [n for n, _ in l2.named_parameters()])
print(l2.weight)

m = weight_norm(nn.Linear(4, 2))
print(m)
print(m.weight)
print([n for n, _ in m.named_parameters()], m.parametrizations.weight.original0)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
x = torch.randn(5, 4)
for i in range(3):
    loss = m(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {i}: loss {loss.item():.5f}")
print(m.parametrizations.weight.original0.grad, m.parametrizations.weight.original1.grad)
c = weight_norm(nn.Conv1d(2, 3, 3), dim=None)
print(c.weight.grad_fn.name(), c.parametrizations.weight.original0)
c2 = weight_norm(nn.Conv1d(2, 3, 3), dim=2)
print(c2.weight.grad_fn.name(), c2.parametrizations.weight.original0.shape)

s = spectral_norm(nn.Linear(5, 4))
print(s)
print(s.parametrizations.weight[0].n_power_iterations, s.parametrizations.weight[0].dim)
print(round(torch.linalg.matrix_norm(s.weight, 2).item(), 4))
s.eval()
print(s.weight.sum(), list(s.state_dict().keys()))
s.train()
s(torch.randn(3, 5)).sum().backward()
print(s.parametrizations.weight.original.grad)
ct = spectral_norm(nn.ConvTranspose2d(2, 3, 2))
print(ct.weight.shape, ct.parametrizations.weight[0].dim)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")      # torch's FutureWarning: this weight_norm is deprecated
    old = torch.nn.utils.weight_norm(nn.Linear(3, 2))
print([n for n, _ in old.named_parameters()], old.weight.grad_fn.name())
print(old.weight_g)
old(torch.randn(2, 3)).sum().backward()
print(old.weight_v.grad)
torch.nn.utils.remove_weight_norm(old)
print([n for n, _ in old.named_parameters()], old.weight)

sn = torch.nn.utils.spectral_norm(nn.Linear(4, 3))
print([n for n, _ in sn.named_parameters()], [n for n, _ in sn.named_buffers()])
print(sn.weight_u, sn.weight_v)
out = sn(torch.randn(2, 4))
print(sn.weight_u, out)
torch.nn.utils.remove_spectral_norm(sn)
print([n for n, _ in sn.named_parameters()], sn.weight)
