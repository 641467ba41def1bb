import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    (x * 2).backward()
except RuntimeError as e:
    print(e)
try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as e:
    print(e)
try:
    x.add_(1)
except RuntimeError as e:
    print(e)
try:
    torch.tensor(1.0).backward()
except RuntimeError as e:
    print(e)
try:
    x.numpy()
except RuntimeError as e:
    print(e)
try:
    torch.autograd.grad(x.sum(), [x, torch.ones(1)])
except RuntimeError as e:
    print(e)
try:
    (x * 2).backward(torch.ones(3))
except RuntimeError as e:
    print(e)
with torch.no_grad():
    x.add_(1)
print(x)
