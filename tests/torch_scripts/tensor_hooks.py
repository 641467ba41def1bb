import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2

def print_grad(grad):
    print("grad of y:", grad)

def double_grad(grad):
    return grad * 2

h1 = y.register_hook(print_grad)
h2 = y.register_hook(double_grad)
z = (y ** 2).sum()
z.backward()
print("x.grad:", x.grad)
h2.remove()
x.grad = None
z = (y ** 2).sum()
z.backward()
print("x.grad after remove:", x.grad)
x.register_hook(lambda g: g + 100)
x.grad = None
(x * 1).sum().backward()
print(x.grad)
