import torch

x = torch.tensor([[1.0, 2.0], [0.5, -1.0]], requires_grad=True)
w = torch.tensor([[0.3], [-0.7]], requires_grad=True)
out = torch.tanh(x @ w).sum()
grads, = torch.autograd.grad(out, x, create_graph=True)
print(grads)
penalty = ((grads.norm(2, dim=1) - 1) ** 2).mean()
print(penalty)
penalty.backward()
print(w.grad)
print(x.grad)
