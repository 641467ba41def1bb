# Tensor.prelu, the method form of F.prelu (one slope, or one per channel).
import torch
x = torch.tensor([[-1.0, 2.0], [3.0, -4.0]], requires_grad=True)
w = torch.tensor([0.25], requires_grad=True)
y = x.prelu(w)
print(y)
y.sum().backward()
print(x.grad, w.grad)
print(x.prelu(torch.tensor([0.1, 0.2])))
