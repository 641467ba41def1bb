import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y.detach() * x + y
z.sum().backward()
print(x.grad)
print(y.detach().requires_grad, y.detach().is_leaf, y.detach().grad_fn)
w = x.detach()
w[0] = 10.0
print(x)
q = x.data
print(q.requires_grad)
x.grad = None
out = (x * x.detach()).sum()
out.backward()
print(x.grad)
