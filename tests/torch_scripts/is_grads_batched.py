import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2 + x.sin()
eye = torch.eye(3)
jac, = torch.autograd.grad(y, x, grad_outputs=eye, is_grads_batched=True)
print(jac)
A = torch.tensor([[1.0, 2.0, 0.0], [0.0, 1.0, -1.0]])
z = A @ x
J, = torch.autograd.grad(z, x, torch.eye(2), is_grads_batched=True)
print(J)
