# autograd.grad(materialize_grads=True): unused inputs get zeros_like(input, requires_grad=create_graph),
# without a batch dim under is_grads_batched (torch's); unused and unreachable inputs' errors.
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0], requires_grad=True)
z = (x ** 2).sum()
g = torch.autograd.grad(z, [x, y], allow_unused=True, materialize_grads=True, create_graph=True)
print(g, [t.requires_grad for t in g])
g = torch.autograd.grad(z, [y], allow_unused=True, retain_graph=True)
print(g)
try:
    torch.autograd.grad(z, [y], allow_unused=False, materialize_grads=True, retain_graph=True)
except Exception as e:
    print(type(e).__name__, e)
g = torch.autograd.grad(z, [x, y], materialize_grads=True)
print(g)
w = x.detach()
try:
    torch.autograd.grad((x * 2).sum(), w)
except RuntimeError as e:
    print(e)
u = x * 1
v = u.detach().requires_grad_()
try:
    torch.autograd.grad((u * 2).sum(), v)
except RuntimeError as e:
    print(e)
print(torch.autograd.grad((u * 2).sum(), v, allow_unused=True))
print(torch.autograd.grad(x * 2, [x, y], torch.eye(2), is_grads_batched=True, materialize_grads=True))
