import torch
import torch.nn as nn
import torch.autograd.forward_ad as fwAD
from torch.func import jacfwd, jvp

# in-place view ops (transpose_, t_, unsqueeze_, squeeze_) change the tangent's shape with the
# tensor's: on a square matrix a stale tangent would still fit and give a wrong answer silently
torch.manual_seed(0)
a = torch.randn(3, 3)
v = torch.arange(9.).reshape(3, 3)
print(jvp(lambda x: (x * 2).transpose_(0, 1), (a,), (v,))[1])
print(jvp(lambda x: (x * 2).t_() @ x, (a,), (v,))[1])
print(jacfwd(lambda x: x.exp().t_().reshape(-1))(a[:2]))
print(jvp(lambda x: (x + 1).unsqueeze_(0), (a,), (v,))[1].shape)
print(jvp(lambda x: (x + 1).unsqueeze(1).squeeze_(1), (a,), (v,))[1].shape)
print(jvp(lambda x: (x + 1).unsqueeze(0).squeeze_(), (a,), (v,))[1].shape)
print(jvp(lambda x: (x + 1).swapdims_(0, 1).sum(0), (a,), (v,))[1])
with fwAD.dual_level():
    d = fwAD.make_dual(a * 1, v)
    d.transpose_(0, 1)
    print(fwAD.unpack_dual(d).tangent)
    try:
        d.resize_(9)
    except Exception as e:
        print(type(e).__name__, e)

# nn.GRU and nn.RNN with batch_first transpose their output in place
gru = nn.GRU(4, 3, batch_first=True)
rnn = nn.RNN(4, 2, batch_first=True)
for p in list(gru.parameters()) + list(rnn.parameters()):
    p.requires_grad_(False)
x = torch.randn(2, 3, 4)
print(jvp(lambda s: gru(s)[0], (x,), (torch.ones(2, 3, 4),))[1])
print(jacfwd(lambda s: rnn(s)[0][:, -1].sum(-1))(x).shape)
print(jacfwd(lambda s: rnn(s)[0][:, -1].sum(-1))(x)[1, 1])
