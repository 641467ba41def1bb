import torch
import torch.nn as nn
# A forward hook sees the module's own output (AddmmBackward0); the full backward hook's
# identity node is put on the output after the forward hooks have run, as torch does.
m = nn.Linear(2, 1)
with torch.no_grad():
    m.weight.fill_(0.5)
    m.bias.fill_(0.1)
def fwd_hook(mod, inp, out):
    print("fwd", type(mod).__name__, inp[0].grad_fn, out)
def bwd_hook(mod, gin, gout):
    print("bwd", gin, gout)
m.register_forward_hook(fwd_hook)
m.register_full_backward_hook(bwd_hook)
inp = torch.tensor([[1., 2.]], requires_grad=True)
o = m(inp)
print(o.grad_fn)
o.sum().backward()
print(m.weight.grad, inp.grad)
def double(mod, inp, out):
    return out * 2
m.register_forward_hook(double)
o = m(inp)
print(o)
o.sum().backward()
print(inp.grad)
