import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 3).sum()
y.backward(create_graph=True)
print(x.grad.detach())
print(x.grad.requires_grad)
grad_x = x.grad.clone()
x.grad = None
grad_x.sum().backward()
print(x.grad)

w = torch.tensor(1.5, requires_grad=True)
loss = w ** 2 * torch.tanh(w)
g, = torch.autograd.grad(loss, w, create_graph=True)
penalty = g ** 2
penalty.backward()
print(g)
print(w.grad)
