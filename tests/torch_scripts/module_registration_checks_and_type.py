# Registering parameters, buffers and submodules under bad or taken names raises torch's errors; Module.type,
# a numpy scalar's round() and a DataLoader's worker settings read as torch's.
import torch, torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import numpy as np
m = nn.Module(); m.a = nn.Linear(1, 1)
for f in [lambda: m.register_buffer('a', torch.zeros(1)), lambda: m.add_module('x.y', nn.ReLU()), lambda: m.register_parameter('a', nn.Parameter(torch.zeros(1))),
          lambda: m.register_buffer('b.c', torch.zeros(1)), lambda: m.register_buffer('', torch.zeros(1)), lambda: m.register_parameter('p', torch.zeros(1)),
          lambda: m.add_module('', nn.ReLU()), lambda: m.add_module('z', 3), lambda: m.register_buffer('q', 3), lambda: setattr(m, 'a', torch.zeros(1)),
          lambda: m.register_module('a', None)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print(m)
for f in [lambda: m.add_module(3, nn.ReLU()), lambda: m.register_buffer(3, None), lambda: m.register_parameter(None, None), lambda: m.add_module('k', 'relu'),
          lambda: m.register_buffer('forward', torch.zeros(1)), lambda: m.register_parameter('training', None)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer('mask', torch.ones(2))
        self.register_buffer('mask', torch.zeros(2))
        self.register_parameter('alpha', nn.Parameter(torch.ones(1)))
        self.register_parameter('alpha', None)
        self.add_module('fc', nn.Linear(2, 3))
        self.tmp = 5
        try: self.register_buffer('tmp', torch.ones(1))
        except KeyError as e: print('KeyError', e)
n = Net(); print(n, n.mask, n.alpha, list(n.state_dict()))

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
m(torch.randn(4, 2)).sum().backward()
print(m.type(torch.float64)[0].weight.dtype, m[1].num_batches_tracked.dtype, m[0].weight.grad.dtype)
print(m.type(torch.float32)[1].running_mean.dtype, m[1].num_batches_tracked)
print(m.type('torch.DoubleTensor')[0].bias.dtype)
x = np.float32(1.23456); print(x.round(2), np.mean(np.array([1.0, 2.5])).round(1), np.float64(2.71828).round(3))
dl = DataLoader(TensorDataset(torch.zeros(4)), batch_size=2, num_workers=2, pin_memory=True, persistent_workers=True)
print(dl.num_workers, dl.pin_memory, dl.timeout, dl.worker_init_fn, dl.prefetch_factor, dl.persistent_workers)
print(DataLoader(TensorDataset(torch.zeros(4))).prefetch_factor)
