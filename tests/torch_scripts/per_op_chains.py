# The engine's per-op fast paths on their hottest shapes: a 0-d chain and a float32[1000] chain of
# tanh(y * 1.01 + 0.1), numbers on either side of + - * /, float64, and a second backward refused.
import torch

x = torch.tensor(0.5, requires_grad=True)
y = x
for _ in range(100):
    y = torch.tanh(y * 1.01 + 0.1)
y.backward()
print(y, x.grad)
print(y.grad_fn, y.grad_fn.next_functions[0][0], y.grad_fn.next_functions[0][0].next_functions)

v = torch.ones(1000, requires_grad=True)
w = v
for i in range(50):
    w = torch.tanh(w * 1.01 + 0.1) / 0.97 - 0.01 * (i % 3)
w.sum().backward()
print(w[:3])
print(v.grad[:3], v.grad.sum())

d = torch.linspace(-2, 2, 7, dtype=torch.float64, requires_grad=True)
e = (3 - d * 2.5) / 1.5 + 1 / (d + 4)
e.sum().backward()
print(e, d.grad)

h = torch.tensor([0.25, -1.5], requires_grad=True)
k = torch.tanh(h * 2.0)
k.sum().backward()
print(h.grad)
try:
    k.sum().backward()
except RuntimeError as err:
    print(str(err)[:60])
