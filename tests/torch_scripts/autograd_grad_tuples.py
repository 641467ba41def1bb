import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
y1 = (a * b).sum()
y2 = (a ** 2 + b).sum()
ga, gb = torch.autograd.grad((y1, y2), (a, b), retain_graph=True)
print(ga, gb)
g = torch.autograd.grad([y1 * 1, y2 * 1], [a], grad_outputs=[torch.tensor(2.0), torch.tensor(-1.0)])
print(type(g).__name__, len(g))
print(g[0])
out = a * b
g2 = torch.autograd.grad(out, (a, b), grad_outputs=torch.tensor([1.0, 0.5]))
print(g2)
c = torch.tensor(1.0, requires_grad=True)
g3 = torch.autograd.grad(a.sum(), (a, c), allow_unused=True)
print(g3)
g4 = torch.autograd.grad(a.sum(), (a, c), allow_unused=True, materialize_grads=True)
print(g4)
