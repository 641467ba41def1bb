# What a tutorial script does around its tensors: print classes, format losses, catch errors,
# forward arguments, recurse, write to sys.stdout.
import sys
import torch
import torch.nn as nn
import torch.optim as optim

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
x = torch.tensor([[1.0, 2.0]])
print(type(x), type(model), type(model[0]))
print(nn.Linear, nn.MSELoss, optim.SGD, torch.Tensor, torch.float32, type(torch.float32))
print(type(nn.Parameter(torch.ones(1))), type(torch.Size([2])))
print(isinstance(x, (torch.Tensor, nn.Module)), isinstance(model, (nn.Linear, nn.Sequential)))
print(isinstance(model[1], (nn.Linear, nn.Conv2d)), type(x) is torch.Tensor)
print(f"class {type(model).__name__} {nn.ReLU}")

loss = torch.tensor(0.123456)
print(f"loss {loss:.4f} {loss.item():.2e} {loss:>10.3f}|")
print("loss %.3f, step %d, %s" % (loss, 3, loss))
print("{:.2f} {}".format(loss, loss))

try:
    torch.ones(2) + torch.ones(3)
except RuntimeError as e:
    print(type(e).__name__, len(e.args), str(e) == e.args[0])
try:
    raise ValueError("bad value", 3)
except ValueError as e:
    print(e.args, str(e), repr(e))
try:
    {}["missing"]
except KeyError as e:
    print(str(e), repr(e), e.args)
try:
    raise RuntimeError
except RuntimeError as e:
    print(repr(e), e.args, str(e) == "")


class ConfigError(Exception):
    pass


try:
    raise ConfigError("lr", 0.1)
except ConfigError as e:
    print(repr(e), e.args)

log = lambda *args, **kw: print(*args, sep=kw.get("sep", " "))
log("epoch", 1, sep=":")
scale = lambda t, *, by=2.0: t * by
print(scale(x, by=3.0))


def forward_all(fn, *args, **kwargs):
    return fn(*args, **kwargs)


print(forward_all(torch.add, x, 1.0, alpha=2.0))
print(forward_all(lambda *a: len(a), 1, 2, 3))


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print(depth(900))
try:
    depth(10 ** 5)
except RecursionError as e:
    print("RecursionError:", e)

z = 3 + 4j
print(z, abs(z), z.real, z.imag, 2j * 2j)

sys.stdout.write("written %d\n" % 2)
print(sys.version_info >= (3, 8), sys.version_info.major == sys.version_info[0])
