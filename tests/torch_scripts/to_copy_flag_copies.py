# x.to(..., copy=True) returns a new tensor even when neither the dtype nor the device changes:
# gradcli returned x itself for to("cpu", copy=True), to(copy=True) and the positional flag
# to(dtype, non_blocking, copy), so a write into the "copy" changed x.
import torch

x = torch.ones(2)
a = x.to("cpu", copy=True)
a.add_(1)
b = x.to(copy=True)
b.add_(1)
c = x.to(torch.float32, False, True)
c.add_(1)
d = x.to("cpu", torch.float32, False, True)
d.add_(1)
e = x.to(x, False, True)
e.add_(1)
print(x)
print(x.to(torch.float32, True) is x, x.to(torch.float32, False, False) is x)

w = torch.ones(2, requires_grad=True)
print(w.to(copy=True), w.to("cpu", copy=True))
y = torch.ones(2, 3, 4, 5).to(memory_format=torch.channels_last)
print(y.to(copy=True).stride())
print(y.to("cpu", copy=True, memory_format=torch.preserve_format).stride())
try:
    w.to(copy=1)
except TypeError as err:
    print(str(err).split("\n")[0])
