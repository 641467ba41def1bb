# Activations at NaN and +-inf: hardtanh/relu6 pass a NaN's gradient on (torch's hardtanh_backward
# zeroes only x <= min or x >= max); float32 gelu of +inf is NaN in torch's kernel (float64's is inf).
import torch
import torch.nn.functional as F

x = torch.tensor([float("inf"), -float("inf"), float("nan"), 0.5, 30., -30.], requires_grad=True)
for name, f in [("hardtanh", F.hardtanh), ("relu6", F.relu6), ("hardtanh(-2, 2)", lambda t: F.hardtanh(t, -2., 2.)),
                ("gelu", F.gelu), ("relu", F.relu), ("leaky_relu", F.leaky_relu), ("threshold", lambda t: F.threshold(t, 0.1, 20.))]:
    x.grad = None
    y = f(x)
    y.sum().backward()
    print(name, y.detach(), x.grad)
print(F.gelu(x.detach().double()), torch.nn.Hardtanh()(x.detach()))
g, = torch.autograd.grad(F.hardtanh(x).sum(), x, create_graph=True)
print(g, torch.autograd.grad(g.sum(), x, allow_unused=True)[0])
