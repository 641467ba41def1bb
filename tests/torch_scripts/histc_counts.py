# torch.histc: equal bins over [min, max] (the data range when equal), outside values and NaN not counted, no grad.
import torch
x = torch.tensor([1., 2., 1., 4., 5., 5.5], requires_grad=True)
h = torch.histc(x, bins=4, min=0, max=3); print(h, h.requires_grad, h.grad_fn)
print(torch.histc(x.detach(), bins=3))
print(torch.histc(torch.tensor([1., 1.]), bins=2))
print(torch.histc(torch.tensor([0., 3.0]), bins=3, min=0, max=3))
for f in (lambda: torch.histc(torch.tensor([1, 2]), bins=2), lambda: torch.histc(x.detach(), bins=0),
          lambda: torch.histc(x.detach(), bins=2, min=3, max=1)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.histc(torch.tensor([float('nan'), 1.]), bins=2, min=0, max=2))
print(x.histc(bins=2), torch.histc(torch.tensor([], dtype=torch.float64), bins=2))
print(torch.histc(torch.linspace(-1, 1, 101), bins=7, min=-1, max=1))
print(torch.histc(torch.linspace(0, 1, 1000, dtype=torch.float64), bins=10))
