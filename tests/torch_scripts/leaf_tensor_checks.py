import torch

w = torch.randn(3, requires_grad=True)
print(w.is_leaf, w.grad_fn, w.requires_grad, w.shape)
v = w.detach() * 0 + torch.tensor([1.0, 2.0, 3.0])
v.requires_grad_()
out = (v * v).sum()
out.backward()
print(v.grad)
u = (w * 2)
try:
    u.requires_grad_(False)
except RuntimeError as e:
    print(e)
print(u.grad)
nb = torch.tensor([1.0, 2.0], requires_grad=True) * 2
print(nb.is_leaf)
try:
    nb.grad.zero_()
except AttributeError as e:
    print("AttributeError:", e)
