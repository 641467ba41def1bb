import torch
import torch.nn.functional as F

# Conv1d/Conv2d with padding_mode reflect, replicate and circular pad with F.pad first, as torch:
# values, gradients and the second derivative match; F.pad's modes and errors too.
x = torch.arange(20.0).reshape(1, 1, 4, 5).requires_grad_(True)
for mode in ["reflect", "replicate", "circular", "constant"]:
    y = F.pad(x, (2, 1, 1, 0), mode=mode)
    w = torch.linspace(-1.0, 1.0, y.numel()).reshape(y.shape)
    g, = torch.autograd.grad((y * w).sum(), x)
    print(mode, list(y.shape))
    print(y.detach())
    print(g)
print(F.pad(x, (1, 2), value=-1.0).grad_fn.name())
print(F.pad(x, (-1, 1, 0, 2)).shape)
print(F.pad(torch.arange(6.0).reshape(2, 3), (2, 2), mode="reflect"))

for mode in ["reflect", "replicate", "circular"]:
    torch.manual_seed(0)
    conv = torch.nn.Conv2d(1, 2, 3, padding=(1, 2), padding_mode=mode)
    with torch.no_grad():
        conv.weight.copy_(torch.linspace(-0.5, 0.5, 18).reshape(2, 1, 3, 3))
        conv.bias.copy_(torch.tensor([0.1, -0.2]))
    print(conv)
    out = conv(x)
    print(out.shape, out.grad_fn.name())
    g, = torch.autograd.grad((out * out).sum(), x, create_graph=True)
    print(g.detach())
    g.sum().backward()
    print(conv.weight.grad.reshape(-1))
    x.grad = None

conv1 = torch.nn.Conv1d(1, 1, 3, padding="same", padding_mode="reflect", bias=False)
with torch.no_grad():
    conv1.weight.copy_(torch.tensor([[[1.0, -2.0, 0.5]]]))
print(conv1)
print(conv1(torch.tensor([[[1.0, 2.0, 4.0, 8.0]]])))
for args in [((4, 0, 0, 0), "reflect"), ((6, 0, 0, 0), "circular"), ((1, 2, 3), "constant"), ((1, 1), "foo"),
             ((1, 1), "reflect")]:
    try:
        F.pad(x, args[0], mode=args[1])
    except (RuntimeError, NotImplementedError) as e:
        print(e)
