# functional_call checks each name as torch swaps it in: a tensor value, a path of submodules, and a
# name that is a tensor attribute or none at all (torch's TypeError/AttributeError; they were ignored).
import torch
import torch.nn as nn
from torch.func import functional_call
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
x = torch.randn(1, 2)
for key in ['__class__', 'training', '0', '0.in_features', '0.training', '1.inplace', 'foo', '0.foo', 'foo.bar', '0.weight.grad']:
    try:
        print(key, functional_call(m, {key: torch.ones(2, 2)}, (x,)))
    except Exception as e:
        print(key, type(e).__name__, e)
try:
    print(functional_call(m, {'0.weight': [[1., 0.], [0., 1.]]}, (x,)))
except Exception as e:
    print(type(e).__name__, e)
try:
    print(functional_call(m, {'0.weight': 3.0}, (x,)))
except Exception as e:
    print(type(e).__name__, e)
print(hasattr(m, 'foo'), hasattr(m[0], 'foo'))
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)
    def forward(self, x):
        return self.fc(x)
net = Net()
try:
    functional_call(net, {'__class__': torch.zeros(1)}, (x,))
except Exception as e:
    print(type(e).__name__, e)
