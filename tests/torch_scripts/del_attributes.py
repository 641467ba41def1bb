# `del obj.attr`: a module's parameter, buffer, submodule or setting, a functional weight put in a
# deleted parameter's place (meta-learning's idiom), a script object's field, a tensor's own attribute;
# Python's AttributeError for a name the object lacks; del of Sequential/ModuleList/ModuleDict items.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2)
        self.w = nn.Parameter(torch.ones(2))
        self.register_buffer("b", torch.zeros(2))
        self.plain = 3
    def forward(self, x):
        return self.a(x) * self.w
m = M()
del m.a
print(m)
del m.w
del m.b
del m.plain
print(list(m.state_dict().keys()), hasattr(m, "a"), hasattr(m, "w"), hasattr(m, "plain"))
try:
    del m.nothing
except AttributeError as e:
    print(type(e).__name__, e)
# a functional weight: the parameter is removed, a computed tensor takes its place
lin = nn.Linear(3, 2)
w0 = lin.weight.detach().clone().requires_grad_(True)
del lin.weight
print([n for n, _ in lin.named_parameters()])
lin.weight = w0 * 2
out = lin(torch.ones(1, 3))
out.sum().backward()
print(out, w0.grad)
class Cfg:
    def __init__(self):
        self.lr = 0.1
        self.tmp = [1, 2]
c = Cfg()
del c.tmp
print(hasattr(c, "tmp"), c.lr)
try:
    del c.tmp
except AttributeError as e:
    print("AttributeError", e)
t = torch.ones(2)
t.note = "x"
del t.note
print(hasattr(t, "note"))
s = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
del s[1]
print(s)
s2 = nn.Sequential(nn.Linear(1, 1), nn.ReLU(), nn.Tanh(), nn.Sigmoid())
del s2[1:3]
print(s2)
ml = nn.ModuleList([nn.Linear(1, 1), nn.ReLU()])
del ml[0]
print(ml)
md = nn.ModuleDict({"a": nn.ReLU(), "b": nn.Tanh()})
del md["a"]
print(md)
