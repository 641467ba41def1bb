import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y.requires_grad, y.grad_fn)
with torch.no_grad():
    with torch.enable_grad():
        z = x * 2
print(z.requires_grad)
print(torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled())
    w = x + 1
print(w.requires_grad)
torch.set_grad_enabled(False)
v = x ** 2
print(v.requires_grad)
torch.set_grad_enabled(True)
v = x ** 2
print(v.requires_grad)

@torch.no_grad()
def doubler(t):
    return t * 2

print(doubler(x).requires_grad)

@torch.enable_grad()
def tripler(t):
    return t * 3

with torch.no_grad():
    print(tripler(x).requires_grad)
is_train = False
with torch.set_grad_enabled(is_train):
    out = x * 4
print(out.requires_grad)
