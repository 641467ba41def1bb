# saved_tensors_hooks: torch runs pack hooks without recording, so what a pack hook computes has no grad_fn
# (the unpacked values print without one); unpack hooks run in the backward's grad mode.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
def pack(t):
    print('pack grad enabled', torch.is_grad_enabled(), t.requires_grad)
    r = t * 1
    print(r.requires_grad)
    return r
def unpack(t):
    print('unpack', torch.is_grad_enabled(), t.requires_grad)
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    z = (x.exp() * x).sum()
g, = torch.autograd.grad(z, x, create_graph=True)
print(g)
y = x.pow(2)
y.grad_fn._raw_saved_self.register_hooks(pack, unpack)
y.sum().backward()
print(x.grad)
