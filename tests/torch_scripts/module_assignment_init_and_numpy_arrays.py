# A module's attributes reassigned wrongly (a tensor where a parameter, a child module or a buffer was: torch's
# TypeErrors with torch.typename), a custom Linear's reset_parameters copied from torch (nn.init._calculate_fan_in_and_fan_out),
# random fills of integer tensors (torch refuses them), named_parameters/named_buffers(remove_duplicate=False) on
# a shared layer, and np.array / np.asarray of tensors (torch's __array__: t.numpy(), refused while t requires grad).
import math
import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer("b", torch.ones(1))
for v in [torch.ones(2), 3, [1], np.ones(2), torch.ones(2, dtype=torch.long), None]:
    for attr in ["fc", "b"]:
        mm = M()
        try:
            setattr(mm, attr, v)
            print(attr, "ok", type(getattr(mm, attr)).__name__, attr in dict(mm.named_children()), attr in dict(mm.named_buffers()))
        except Exception as e:
            print(attr, type(e).__name__, e)
    try:
        M().fc.weight = v
        print("w ok")
    except Exception as e:
        print("w", type(e).__name__, e)
try:
    M().register_parameter("p", torch.ones(1))
except Exception as e:
    print(type(e).__name__, e)
try:
    M().register_buffer("q", 3)
except Exception as e:
    print(type(e).__name__, e)
class MyLinear(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(o, i)); self.bias = nn.Parameter(torch.empty(o))
        self.reset_parameters()
    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        fan_in, _ = nn.init._calculate_fan_in_and_fan_out(self.weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        nn.init.uniform_(self.bias, -bound, bound)
    def forward(self, x):
        return x @ self.weight.t() + self.bias
torch.manual_seed(1); a = MyLinear(3, 2)
torch.manual_seed(1); b = nn.Linear(3, 2)
print(torch.equal(a.weight, b.weight), torch.equal(a.bias, b.bias), nn.init._calculate_fan_in_and_fan_out(torch.empty(4, 2, 3, 3)))
for f in [lambda: nn.init.kaiming_normal_(torch.empty(4, 2), mode="fan"), lambda: nn.init.xavier_uniform_(torch.empty(2, 2, dtype=torch.long)),
          lambda: torch.zeros(2, dtype=torch.long).normal_(), lambda: torch.zeros(2, dtype=torch.int32).exponential_(),
          lambda: torch.zeros(2, dtype=torch.uint8).cauchy_(), lambda: torch.zeros(2, dtype=torch.bool).geometric_(0.5),
          lambda: torch.zeros(2, dtype=torch.long).log_normal_(), lambda: torch.zeros(3, dtype=torch.long).geometric_(0.5).dtype,
          lambda: nn.init.normal_(torch.zeros(2, dtype=torch.int16))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
shared = nn.Linear(2, 2)
m = nn.Sequential(shared, nn.ReLU(), shared)
print(len(list(m.named_parameters(remove_duplicate=False))), [n for n, _ in m.named_parameters(remove_duplicate=False)])
m.register_buffer("s", torch.zeros(1)); m[0].register_buffer("t", torch.zeros(1))
print([n for n, _ in m.named_buffers(remove_duplicate=False)], [n for n, _ in m.named_buffers()])
t = torch.tensor([1.5, 2.5])
print(np.array(t), np.asarray(t).dtype, np.array([torch.tensor(1.0), torch.tensor(2.0)]), np.array(t, dtype=np.float64))
print(np.array([[torch.tensor(1), 2]]), np.array(torch.ones(2, 2)).shape, np.asarray([1, 2]))
shared_mem = np.asarray(t); shared_mem[0] = 9; print(t)
try:
    np.array(torch.ones(2, requires_grad=True))
except Exception as e:
    print(type(e).__name__, e)
print(np.mean(np.array([l.detach() for l in [torch.tensor(0.5), torch.tensor(1.5)]])))
