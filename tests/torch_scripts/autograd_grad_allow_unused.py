import torch

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
out = a * 3
try:
    torch.autograd.grad(out, [a, b], retain_graph=True)
except RuntimeError as e:
    print(e)
ga, gb = torch.autograd.grad(out, [a, b], allow_unused=True, retain_graph=True)
print(ga, gb)
ga, gb = torch.autograd.grad(out, [a, b], allow_unused=True, materialize_grads=True)
print(ga, gb)
