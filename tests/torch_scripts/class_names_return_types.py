import torch
x = torch.tensor([3., 1., 2.], requires_grad=True)
for r in [torch.cummax(x, 0), torch.mode(x), torch.max(x, 0), torch.sort(x), x.topk(1), torch.aminmax(x), torch.linalg.slogdet(torch.eye(2)), torch.median(x, 0), torch.frexp(x.detach()), torch.linalg.qr(torch.eye(2)), torch.var_mean(x), torch.std_mean(x)]:
    print(type(r), type(r).__name__)
v, i = torch.max(x, 0)
print(v, i)
r = torch.max(x, 0)
print(r.values, r[1], len(r), r._fields if hasattr(r, '_fields') else None)
print(isinstance(r, tuple))
from torch.profiler import profile, record_function, ProfilerActivity
print(type(torch.autograd.profiler.profile()), torch.profiler.profile, profile)
with torch.autograd.profiler.profile() as p:
    with torch.autograd.profiler.record_function("blk"):
        y = torch.ones(2).sum()
print(type(p), type(p.function_events), type(p.function_events[0]), type(p.key_averages()[0]))
print(record_function, torch.autograd.profiler.record_function)
print(type(torch.autograd.forward_ad.unpack_dual(torch.ones(1))))
