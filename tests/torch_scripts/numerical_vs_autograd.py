import torch

def f(x):
    return torch.sin(x) * x ** 2

x0 = torch.tensor(1.3, dtype=torch.float64, requires_grad=True)
y = f(x0)
y.backward()
h = 1e-6
with torch.no_grad():
    numeric = (f(x0 + h) - f(x0 - h)) / (2 * h)
print(f"autograd: {x0.grad.item():.8f}")
print(f"numeric:  {numeric.item():.8f}")
print(torch.isclose(x0.grad, numeric))
print(abs(x0.grad - numeric) < 1e-6)
xs = torch.linspace(-1, 1, 5, requires_grad=True)
ys = torch.exp(-xs ** 2)
ys.backward(torch.ones_like(ys))
print(xs.grad)
print(-2 * xs.detach() * torch.exp(-xs.detach() ** 2))
