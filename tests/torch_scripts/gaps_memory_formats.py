import torch
import torch.nn as nn
import torch.nn.functional as F

# memory formats: the names, strides of channels_last copies, which calls keep or make the layout
torch.manual_seed(0)
cl, cl3 = torch.channels_last, torch.channels_last_3d
print(cl, cl3, torch.contiguous_format, torch.preserve_format, type(cl).__name__, cl == cl, cl == cl3)
x = torch.randn(2, 3, 4, 5)
c = x.contiguous(memory_format=cl)
print(c.stride(), c.is_contiguous(), c.is_contiguous(memory_format=cl), c.is_contiguous(memory_format=cl3))
print(torch.equal(c, x), c.contiguous(memory_format=cl) is c, x.contiguous() is x, c.contiguous().stride())
print(x.to(memory_format=cl).stride(), x.to(torch.float64, memory_format=cl).stride(), x.to(torch.float64, memory_format=cl).dtype)
print(x.to(memory_format=torch.contiguous_format) is x, c.to(memory_format=torch.preserve_format) is c)
print(c.clone().stride(), c.clone(memory_format=torch.contiguous_format).stride(), x.clone(memory_format=cl).stride())
print(c.double().stride(), c.half().stride(), c[:, :2].stride(), c.permute(0, 2, 3, 1).is_contiguous())
print(torch.empty_like(x, memory_format=cl).stride(), torch.zeros_like(c).stride(),
      torch.zeros_like(c, memory_format=torch.contiguous_format).stride(), torch.ones_like(x, memory_format=cl).stride(),
      torch.full_like(x, 2.5, memory_format=cl).stride(), torch.rand_like(x, memory_format=cl).stride())
print(torch.empty(2, 3, 4, 5, memory_format=cl).stride(), torch.empty(2, 3, 4, 5, 6, memory_format=cl3).stride())
y = torch.randn(2, 3, 4, 5, 6)
print(y.contiguous(memory_format=cl3).stride(), torch.zeros_like(y, memory_format=cl3).stride())
# size-1 and size-0 dims: torch's strides and its contiguity rules
print(torch.randn(1, 3, 1, 1).contiguous(memory_format=cl).stride(), torch.randn(2, 1, 4, 5).contiguous(memory_format=cl).stride(),
      torch.randn(2, 3, 1, 1).is_contiguous(memory_format=cl), torch.randn(2, 0, 4, 5).contiguous(memory_format=cl).stride(),
      torch.empty(2, 1, 4, 5, memory_format=cl).stride(), torch.randn(3, 4, 5).is_contiguous(memory_format=cl))

# values and gradients through the layout change
torch.manual_seed(1)
torch.set_printoptions(precision=6)
leaf = torch.randn(1, 2, 2, 3, requires_grad=True)
z = leaf.contiguous(memory_format=cl)
print(z, z.grad_fn.name(), z.stride())
(z * torch.arange(12.).reshape(1, 2, 2, 3)).sum().backward()
print(leaf.grad, leaf.grad.stride())
w = leaf.to(memory_format=cl)
print(w.grad_fn.name(), leaf.clone(memory_format=cl).grad_fn.name(), w.flatten(), w.reshape(1, -1).stride())
g = c.clone().requires_grad_()
(g * x).sum().backward()
print(g.grad.stride())

# elementwise ops keep the layout
print((c + 1).stride(), (c * c).stride(), c.relu().stride(), F.relu(c).stride(), c.sigmoid().stride(),
      torch.tanh(c).stride(), (c + torch.ones(3, 1, 1)).stride(), (x + c).stride(), c.sum(1).stride(),
      c.mean((2, 3), keepdim=True).stride(), F.avg_pool2d(c, 2).stride(), nn.BatchNorm2d(3)(c).stride())

# convolutions write channels_last output when the input or the weight is channels_last
torch.manual_seed(2)
conv = nn.Conv2d(3, 4, 3)
out = conv(c)
print(out.stride(), conv(x).stride(), torch.allclose(out, conv(x)))
convc = nn.Conv2d(3, 4, 3).to(memory_format=cl)
print(convc.weight.stride(), convc.bias.stride(), convc.weight.is_contiguous(memory_format=cl), convc(x).stride(),
      convc(x[0]).stride())
print(nn.Conv2d(3, 3, 2, groups=3)(c).stride(), nn.Conv2d(3, 2, 2, stride=2, dilation=1)(c).stride(),
      nn.ConvTranspose2d(3, 2, 2)(c).stride(), nn.ConvTranspose2d(3, 2, 2).to(memory_format=cl)(x).stride())
print(nn.Conv2d(3, 4, 3).double().to(memory_format=cl)(x.double()).stride(), nn.Conv1d(4, 2, 2)(x[0]).stride())
print(nn.Conv3d(3, 2, 2)(y.contiguous(memory_format=cl3)).stride(),
      nn.Conv3d(3, 2, 2).double()(y.double().contiguous(memory_format=cl3)).stride())
print(nn.Linear(3, 2).to(memory_format=cl).weight.stride(), nn.Conv2d(3, 2, 2).to(torch.float64, memory_format=cl).weight.stride())
torch.manual_seed(3)
conv = nn.Conv2d(2, 3, 2)
inp = torch.randn(2, 2, 3, 3).contiguous(memory_format=cl).requires_grad_()
out = conv(inp)
print(out.grad_fn.name(), out)
out.backward(torch.ones_like(out))
print(inp.grad, conv.weight.grad)

# bad inputs: torch's errors
for name, f in [("contiguous rank 3", lambda: torch.randn(3, 4, 5).contiguous(memory_format=cl)),
                ("contiguous cl3d rank 4", lambda: x.contiguous(memory_format=cl3)),
                ("contiguous preserve", lambda: x.transpose(2, 3).contiguous(memory_format=torch.preserve_format)),
                ("to rank 3", lambda: torch.randn(3, 4, 5).to(memory_format=cl)),
                ("clone rank 3", lambda: torch.randn(3, 4, 5).clone(memory_format=cl)),
                ("empty_like rank 3", lambda: torch.empty_like(torch.randn(3, 4, 5), memory_format=cl)),
                ("zeros_like cl3d", lambda: torch.zeros_like(x, memory_format=cl3)),
                ("empty rank 2", lambda: torch.empty(3, 4, memory_format=cl)),
                ("empty preserve", lambda: torch.empty(2, 3, 4, 5, memory_format=torch.preserve_format)),
                ("view", lambda: c.view(2, -1)),
                ("contiguous int", lambda: x.contiguous(memory_format=5)),
                ("is_contiguous str", lambda: x.is_contiguous(memory_format="channels_last")),
                ("clone int", lambda: x.clone(memory_format=1)),
                ("to int", lambda: x.to(memory_format=5)),
                ("to dtype str", lambda: x.to(torch.float64, memory_format="x")),
                ("module to int", lambda: nn.Conv2d(3, 2, 2).to(memory_format=5))]:
    try:
        print(name, f())
    except (RuntimeError, TypeError) as e:
        print(name, type(e).__name__, str(e).split("\n")[0])

# inside vmap torch refuses these memory formats
x = torch.randn(3, 2, 3, 4, 5)
for name, f in [("to", lambda t: t.to(memory_format=torch.channels_last) * 2),
                ("contig", lambda t: t.contiguous(memory_format=torch.channels_last).sum()),
                ("clone", lambda t: t.clone(memory_format=torch.channels_last) + 1),
                ("is_contig", lambda t: torch.tensor(t.is_contiguous(memory_format=torch.channels_last)))]:
    try:
        r = torch.func.vmap(f)(x)
        print(name, r.shape, r.sum())
    except Exception as e:
        print(name, type(e).__name__, e)

# x.float() and kin take a memory format
x = torch.randn(2, 3, 4, 5)
print(x.float(memory_format=torch.channels_last).stride(), x.double(memory_format=torch.channels_last).stride(),
      x.half(memory_format=torch.channels_last).stride(), x.float(memory_format=torch.channels_last) is x,
      x.float() is x, x.int(memory_format=torch.channels_last).stride(), x.bool(memory_format=torch.channels_last).stride())
c = x.contiguous(memory_format=torch.channels_last)
print(c.float(memory_format=torch.contiguous_format).stride(), c.double().stride())
try:
    x.float(memory_format=3)
except TypeError as e:
    print(e)
try:
    torch.randn(3, 4).float(memory_format=torch.channels_last)
except RuntimeError as e:
    print(e)
