import torch

def f(t):
    if t.item() < 0:
        return t ** 2
    elif t.item() < 1:
        return t * 2
    return t.exp()
for val in [-2.0, 0.5, 2.0]:
    t = torch.tensor(val, requires_grad=True)
    out = f(t)
    out.backward()
    print(val, out.item(), t.grad.item(), out.grad_fn.name())
xs = torch.linspace(-1, 1, 5, requires_grad=True)
ys = torch.where(xs > 0, xs ** 2, -xs)
ys.sum().backward()
print(ys)
print(xs.grad)
acc = []
h = torch.tensor([1.0, 1.0], requires_grad=True)
for k in range(4):
    h = h * 0.5 + k
    acc.append(h.sum())
print(torch.stack(acc))
max(acc).backward()
print(h.grad is None)
