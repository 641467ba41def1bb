import torch

# An inference tensor has no version counter: outside inference mode torch makes the write and then
# refuses to count it, so the error comes after the value has changed. Its views and detach() are
# inference tensors too.
with torch.inference_mode():
    a = torch.ones(3)
    y = torch.ones(2, requires_grad=True) * 2

steps = [("add_", lambda: a.add_(1)), ("zero_", lambda: a.zero_()),
         ("copy_", lambda: a.copy_(torch.tensor([4., 5., 6.]))), ("view mul_", lambda: a.view(3).mul_(2)),
         ("slice fill_", lambda: a[1:].fill_(9.)), ("y view mul_", lambda: y.view(2).mul_(3)),
         ("relu_ of neg_", lambda: torch.relu_(a.neg_())), ("clamp_", lambda: a.clamp_(min=-9.5)),
         ("sigmoid_", lambda: y.sigmoid_())]
for name, step in steps:
    try:
        step()
        print(name, "ok")
    except RuntimeError as e:
        print(name, "->", e)
    print(a, y)

try:
    a[0] = 7.
except RuntimeError as e:
    print("setitem ->", str(e)[:60])
try:
    a += 1
except RuntimeError as e:
    print("+= ->", str(e)[:60])
print(a)
print(a.view(3).is_inference(), a[0].is_inference(), a.detach().is_inference(), a.clone().is_inference())

with torch.inference_mode():
    a.mul_(2)       # inside inference mode the write is allowed
print(a)

w = torch.ones(3, requires_grad=True)
try:
    (a * w).sum().backward()
except RuntimeError as e:
    print(e)
b = a.clone()
(b * w).sum().backward()
print(w.grad)
