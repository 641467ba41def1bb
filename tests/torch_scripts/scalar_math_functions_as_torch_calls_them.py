# torch computes a 0-d sinh, cosh, atanh or exp2 with the C library's function (std::sinh of a float:
# glibc's sinhf), asinh and acosh that way at every size, and exp, tanh, log2, log10, log1p, expm1,
# sinh, cosh of float32 arrays nearly correctly rounded: .item() prints every digit.
import torch

for dt in (torch.float32, torch.float64):
    for v in (0.3, 0.8052127361297607, 1.5, 2.5, 4.0, 7.0):
        x = torch.tensor(v, dtype=dt)
        print(dt, v, torch.sinh(x).item(), torch.cosh(x).item(), torch.exp2(x).item(), torch.asinh(x).item(),
              torch.acosh(x + 1).item(), torch.exp(x).item())
        print(torch.atanh(x / 8).item(), x.sinh().item(), (x / 8).atanh().item())
    xs = torch.linspace(0.01, 3.0, 1000, dtype=dt)
    print(torch.asinh(xs)[::97].tolist(), torch.acosh(xs + 1)[::111].tolist())
xs = torch.linspace(0.01, 3.0, 1000)     # float32 arrays: torch's kernels nearly correctly rounded
for name in ("exp", "sinh", "cosh", "log2", "log10", "log1p", "expm1"):
    print(name, getattr(torch, name)(xs)[::97].tolist())
print(torch.exp(xs[:7]).tolist(), torch.tanh(xs[:5]).tolist())
x = torch.tensor(1.2, requires_grad=True)
y = torch.sinh(x) * torch.cosh(x)
y.backward()
print(y.item(), x.grad.item())
print(torch.sinh(torch.tensor(100.)), torch.atanh(torch.tensor([1.0, -1.0, 0.5])), torch.acosh(torch.tensor([0.5, 1.0])))
