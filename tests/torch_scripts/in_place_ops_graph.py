import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
y.mul_(3)
y.sub_(torch.tensor([1.0, 1.0, 1.0]))
y.div_(2)
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
x.grad = None
z = x.exp()
z2 = z.clone()
z2.relu_() if hasattr(z2, "relu_") else None
w = x.clone()
w.clamp_(min=1.5, max=2.5)
print(w)
w.sum().backward()
print(x.grad)
a = torch.tensor([1.0, 4.0, 9.0], requires_grad=True)
b = a.clone()
b.sqrt_()
print(b.grad_fn)
b.sum().backward()
print(a.grad)
