import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w += 1
except RuntimeError as e:
    print(e)
try:
    w[0] = 5.0
except RuntimeError as e:
    print(e)
with torch.no_grad():
    w += 1
print(w)
print(w.is_leaf, w.requires_grad)
w.data.mul_(2)
print(w)
