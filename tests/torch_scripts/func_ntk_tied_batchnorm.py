# torch.func tutorials' recipes: the NTK of a small CNN (vmap over jacrev, and vjp/jvp products),
# functional_call's tie_weights, replace_all_batch_norm_modules_, forward-mode functional.jacobian,
# and Python scalars of a tensor inside vmap.
import torch
import torch.nn as nn
from torch.autograd.functional import hessian as fhessian, jacobian
from torch.func import functional_call, grad, jacrev, jvp, replace_all_batch_norm_modules_, vjp, vmap

torch.manual_seed(0)


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3)
        self.fc = nn.Linear(4 * 4 * 4, 3)

    def forward(self, x):
        x = self.conv1(x).relu()
        return self.fc(x.flatten(1))


net = CNN()
x_train = torch.randn(4, 1, 6, 6)
x_test = torch.randn(2, 1, 6, 6)
params = {k: v.detach() for k, v in net.named_parameters()}


def fnet_single(params, x):
    return functional_call(net, params, (x.unsqueeze(0),)).squeeze(0)


def ntk_jacobian_contraction(params, x1, x2):
    jac1 = [j.flatten(2) for j in vmap(jacrev(fnet_single), (None, 0))(params, x1).values()]
    jac2 = [j.flatten(2) for j in vmap(jacrev(fnet_single), (None, 0))(params, x2).values()]
    return torch.stack([torch.einsum('Naf,Mbf->NMab', j1, j2) for j1, j2 in zip(jac1, jac2)]).sum(0)


def ntk_vps(params, x1, x2):
    def get_ntk(x1, x2):
        output, vjp_fn = vjp(lambda p: fnet_single(p, x1), params)

        def get_ntk_slice(vec):
            _, jvps = jvp(lambda p: fnet_single(p, x2), (params,), vjp_fn(vec))
            return jvps
        return vmap(get_ntk_slice)(torch.eye(output.numel()))
    return vmap(vmap(get_ntk, (None, 0)), (0, None))(x1, x2)


ntk = ntk_jacobian_contraction(params, x_train, x_test)
print(ntk.shape)
print(ntk[0, 0])
print(ntk[3, 1])
print(torch.allclose(ntk, ntk_vps(params, x_train, x_test), atol=1e-5))
print(torch.einsum('NMKK->NM', ntk))

# conv under vmap with an unbatched weight, and per-example input gradients through it
w = torch.randn(4, 1, 3, 3)
print(vmap(lambda a: nn.functional.conv2d(a, w, torch.ones(4)))(x_train.unsqueeze(1)).sum((1, 3, 4)))
print(vmap(grad(lambda a: nn.functional.conv2d(a.unsqueeze(0), w).tanh().sum()))(x_test)[:, 0, :2])

# tie_weights: one value for tied parameters replaces them under every name
class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2, bias=False)
        self.b = nn.Linear(2, 2, bias=False)
        self.b.weight = self.a.weight

    def forward(self, x):
        return self.b(self.a(x))


t = Tied()
ones = torch.ones(1, 2)
two, three = torch.eye(2) * 2, torch.eye(2) * 3
print(functional_call(t, {'a.weight': two}, (ones,)))
print(functional_call(t, {'b.weight': three}, (ones,)))
print(functional_call(t, {'a.weight': two}, (ones,), tie_weights=False))
print(functional_call(t, {'a.weight': two, 'b.weight': three}, (ones,), tie_weights=False))
print(functional_call(t, {'a.weight': two, 'b.weight': two}, (ones,)))
try:
    functional_call(t, {'a.weight': two, 'b.weight': three}, (ones,))
except Exception as e:
    print(type(e).__name__, e)
try:
    functional_call(t, {'a.weight': two}, (ones,), strict=True, tie_weights=False)
except Exception as e:
    print(type(e).__name__, e)
print(functional_call(t, {'a.weight': two}, (ones,), strict=True))
print(list(dict(t.named_parameters(remove_duplicate=False))), list(dict(t.named_parameters())))
print(grad(lambda p: functional_call(t, p, (ones,)).sum())({'a.weight': two}))
print(grad(lambda p: functional_call(t, p, (ones,), tie_weights=False).sum())({'a.weight': two}))

# replace_all_batch_norm_modules_: batch norms stop tracking running statistics
class BNNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.bn = nn.BatchNorm1d(3)
        self.inorm = nn.InstanceNorm1d(3, track_running_stats=True)
        self.register_buffer('scale', torch.tensor(2.0))

    def forward(self, x):
        return self.bn(self.lin(x)) * self.scale


m = BNNet()
print(sorted(dict(m.named_buffers())))
print(replace_all_batch_norm_modules_(m) is m)
print(m.bn.running_mean, m.bn.running_var, m.bn.num_batches_tracked, m.bn.track_running_stats)
print(m.inorm.track_running_stats, m.inorm.running_mean)
print(sorted(dict(m.named_buffers())))
batch = torch.randn(4, 2, 3)
out = vmap(m, in_dims=1)(batch)
print(out.shape, out[:, 0])
m.eval()
print(torch.allclose(m(batch[:, 0]), out[0]))

# forward-mode functional.jacobian and hessian return lists, as torch's
a, b = torch.randn(3), torch.randn(2)
print(jacobian(lambda u, v: (u.exp() * v[0], v), (a, b), vectorize=True, strategy='forward-mode'))
print(jacobian(lambda u: (u.exp(), u * 2), a, vectorize=True, strategy='forward-mode'))
print(fhessian(lambda u, v: (u.sin() * v.sum()).sum(), (a, b), vectorize=True, outer_jacobian_strategy='forward-mode'))

# a tensor turned into a Python number inside vmap
for convert in (float, int, lambda u: u.item(), lambda u: f"{u}"):
    try:
        vmap(lambda u: convert(u) * u)(torch.ones(2))
    except Exception as e:
        print(type(e).__name__, e)


# what print shows of a tensor inside vmap (and nested vmaps)
def show(u):
    print(u)
    print(f"{u}", [u.shape])
    return u


vmap(show)(torch.arange(6.).reshape(2, 3))
vmap(vmap(show))(torch.arange(12.).reshape(2, 3, 2))
