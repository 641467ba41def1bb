import torch
import torch.nn.functional as F

x = torch.linspace(-2, 2, 5, requires_grad=True)
print(x)
for name, fn in [("relu", F.relu), ("sigmoid", torch.sigmoid), ("tanh", torch.tanh),
                 ("softplus", F.softplus), ("gelu", F.gelu), ("silu", F.silu),
                 ("elu", F.elu), ("leaky_relu", F.leaky_relu)]:
    y = fn(x)
    g, = torch.autograd.grad(y.sum(), x)
    print(name, y)
    print("  grad", g)
print(F.leaky_relu(x, 0.2))
print(F.hardtanh(x))
print(F.relu6(x * 4))
