import torch

a = torch.ones(2, 3)
b = torch.ones(2, 3)
try:
    a @ b
except RuntimeError as e:
    print(e)
try:
    a + torch.ones(3, 2)
except RuntimeError as e:
    print(e)
try:
    a.view(4)
except RuntimeError as e:
    print(e)
try:
    a[5]
except IndexError as e:
    print(e)
try:
    torch.ones(3).item()
except RuntimeError as e:
    print(e)
try:
    a.sum(dim=2)
except IndexError as e:
    print(e)
try:
    torch.cat([torch.ones(2, 2), torch.ones(3, 3)])
except RuntimeError as e:
    print(e)
try:
    x = torch.tensor(1.0, requires_grad=True)
    (x * 2).requires_grad = False
except RuntimeError as e:
    print(e)
try:
    torch.ones(2).numpy() if False else bool(torch.tensor([1.0, 2.0]))
except RuntimeError as e:
    print(e)
