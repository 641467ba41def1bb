import torch
import torch.nn as nn
# Module hooks take torch's keywords: prepend=True runs a hook before the ones already registered,
# with_kwargs=True gives forward (pre-)hooks the call's keyword arguments.
class Scale(nn.Module):
    def forward(self, x, factor=1.0):
        return x * factor
m = Scale()
m.register_forward_hook(lambda mod, args, out: print("A", out))
m.register_forward_hook(lambda mod, args, out: print("B first"), prepend=True)
def pre(mod, args, kwargs):
    print("pre", args, kwargs)
    return args, {"factor": kwargs.get("factor", 1.0) * 10}
m.register_forward_pre_hook(pre, with_kwargs=True)
m.register_forward_hook(lambda mod, args, kwargs, out: print("post", kwargs, out), with_kwargs=True)
x = torch.tensor([1., 2.], requires_grad=True)
y = m(x, factor=2.0)
print(y)
lin = nn.Linear(2, 1)
lin.register_full_backward_hook(lambda mod, gi, go: print("bw second"))
lin.register_full_backward_hook(lambda mod, gi, go: print("bw first"), prepend=True)
lin.register_full_backward_pre_hook(lambda mod, go: print("bwpre second"))
lin.register_full_backward_pre_hook(lambda mod, go: print("bwpre first"), prepend=True)
lin(x.unsqueeze(0)).sum().backward()
bad = nn.Identity()
bad.register_forward_pre_hook(lambda mod, args, kwargs: 5, with_kwargs=True)
try:
    bad(x)
except RuntimeError as e:
    print(e)
