import torch

# With create_graph=True the accumulated .grad has a graph of its own; torch
# shows the node that copied it into .grad.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(x ** 3).sum().backward(create_graph=True)
print(x.grad)
print(x.grad.grad_fn)
