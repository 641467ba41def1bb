import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
try:
    y.backward()
except RuntimeError as e:
    print(e)
y.backward(torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
x.grad = None
y = x * 3
y.backward(gradient=torch.ones_like(y))
print(x.grad)
try:
    (x * 2).backward(torch.ones(2))
except RuntimeError as e:
    print(e)
