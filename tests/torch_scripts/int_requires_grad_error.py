import torch

try:
    x = torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as e:
    print("RuntimeError:", e)

try:
    torch.zeros(3, dtype=torch.long, requires_grad=True)
except RuntimeError as e:
    print("RuntimeError:", e)

y = torch.tensor([1.0, 2.0]).requires_grad_()
print(y)
z = y.long()
print(z.requires_grad, z)
w = (y * 2).int()
print(w, w.requires_grad)
