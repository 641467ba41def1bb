# Forward/backward hooks written as lambdas store with dict.__setitem__; a custom Function's backward
# returning a non-tensor is torch's RuntimeError ("expected Variable or None (got str)"); vmap refuses a
# batched boolean mask index with torch's words, and takes an unbatched one.
import torch
import torch.nn as nn
from collections import OrderedDict
from torch.autograd import Function
from torch.func import vmap

acts, grads = {}, OrderedDict()
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
for p in net.parameters():
    nn.init.constant_(p, 0.5)
for name, mod in net.named_children():
    mod.register_forward_hook(lambda m, i, o, name=name: acts.__setitem__(name, o.detach()))
    mod.register_full_backward_hook(lambda m, gi, go, name=name: grads.__setitem__(name, go[0]))
net(torch.tensor([[1., -2.]])).sum().backward()
print(acts)
print(grads)
print(acts.__getitem__("0"))

for bad in ["s", 3, 2.5, [torch.ones(2)], True]:
    class Wrong(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return bad
    try:
        Wrong.apply(torch.ones(2, requires_grad=True)).sum().backward()
        print("ok")
    except RuntimeError as e:
        print(type(e).__name__, e)

x = torch.arange(6.).view(2, 3)
for f in [lambda t: t[t > 1], lambda t: t[torch.tensor([True, False, True])], lambda t: torch.ones(3)[t > 1]]:
    try:
        print(vmap(f)(x))
    except RuntimeError as e:
        print(e)
