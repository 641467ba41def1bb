# retain_grad() follows the tensor through in-place ops (torch moves its hook to the new grad_fn):
# .grad is the gradient of what the tensor is at backward time.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.retain_grad()
y.mul_(3)
(y ** 2).sum().backward()
print(y.grad, x.grad)

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.clone()
b.retain_grad()
c = b[0:1]
c.retain_grad()
c.mul_(5)
(b * 1).sum().backward()
print(b.grad, c.grad, a.grad)

w = torch.tensor([0.5, -1.5], requires_grad=True)
h = w.tanh()
h.retain_grad()
h.add_(1).pow_(2)
h.sum().backward()
print(h.grad, w.grad)
