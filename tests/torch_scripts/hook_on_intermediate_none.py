import torch

calls = []
x = torch.tensor([2.0, 3.0], requires_grad=True)
y = x * x
y.register_hook(lambda g: calls.append(g.clone()))
y.retain_grad()
z = y.sum() * 2
z.backward()
print(calls)
print(y.grad)
print(x.grad)
w = torch.tensor(1.0, requires_grad=True)
w.register_hook(lambda g: None)
(w * 5).backward()
print(w.grad)
try:
    torch.tensor([1.0]).register_hook(lambda g: g)
except RuntimeError as e:
    print(e)
