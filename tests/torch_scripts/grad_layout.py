import torch

# A leaf's .grad takes the leaf's own layout (torch's AccumulateGrad "layout contract"),
# whatever layout the backward formula produced.
torch.manual_seed(0)
layer = torch.nn.Linear(6, 4)
x = torch.randn(3, 6, requires_grad=True)
layer(x).sum().backward()
print(layer.weight.grad.stride(), layer.weight.grad.is_contiguous(), x.grad.stride())

w = torch.randn(3, 4).t().requires_grad_()      # a transposed leaf keeps its strides
(w * 2).sum().backward()
print(w.stride(), w.grad.stride())

a = torch.randn(4, 3).t().requires_grad_()
b = torch.randn(4, 5, requires_grad=True)
(a @ b).sum().backward()
print(a.grad.stride(), b.grad.stride())

c = torch.randn(4, 5, requires_grad=True)
(torch.randn(2, 5) @ c.t()).sum().backward()    # c used transposed: its grad is still row-major
print(c.grad.stride(), c.grad.is_contiguous())
