# What tutorial models and loaders write around the layers: one-underscore helper methods
# (_make_layer, _init_weights), forward hooks that see kwargs or run first, a Sampler subclass,
# and a few layer methods (reset_running_stats, flatten_parameters, GroupNorm's repr).
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Sampler, TensorDataset

torch.manual_seed(4)


class Net(nn.Module):
    def __init__(self, widths):
        super().__init__()
        self.body = self._make_layer(widths)
        self.norm = nn.GroupNorm(2, widths[-1], affine=False)
        self.rnn = nn.GRU(widths[-1], 3, batch_first=True)
        self.apply(self._init_weights)

    def _make_layer(self, widths):
        layers = []
        for a, b in zip(widths, widths[1:]):
            layers += [nn.Linear(a, b), nn.Tanh()]
        return nn.Sequential(*layers)

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, std=0.02)
            nn.init.zeros_(module.bias)

    def forward(self, x, scale=1.0):
        self.rnn.flatten_parameters()
        h = self.norm(self.body(x) * scale)
        return self.rnn(h.unsqueeze(1))[1][0]


net = Net([3, 4, 4])
print(net)
x = torch.randn(5, 3)
calls = []
net.register_forward_hook(lambda m, args, out: calls.append("plain"))
net.register_forward_hook(lambda m, args, out: calls.append("first"), prepend=True)


def double_scale(module, args, kwargs):
    return args, {**kwargs, "scale": kwargs.get("scale", 1.0) * 2}


def show(module, args, kwargs, out):
    calls.append(f"kwargs={kwargs}")
    return out * 10


net.register_forward_pre_hook(double_scale, with_kwargs=True)
net.register_forward_hook(show, with_kwargs=True)
print(net(x, scale=0.5))
print(calls)

bn = nn.BatchNorm1d(2)
bn(torch.randn(4, 2))
bn.reset_running_stats()
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
print(nn.GroupNorm(2, 4), nn.GroupNorm(2, 4, affine=False))


class EveryOther(Sampler):
    def __init__(self, n, offset=0):
        self.n, self.offset = n, offset

    def __iter__(self):
        return iter(range(self.offset, self.n, 2))

    def __len__(self):
        return (self.n - self.offset + 1) // 2


loader = DataLoader(TensorDataset(torch.arange(10.0)), batch_size=2, sampler=EveryOther(10, 1))
print(len(loader), [batch[0].tolist() for batch in loader])
