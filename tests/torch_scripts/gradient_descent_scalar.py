import torch

x = torch.tensor(5.0, requires_grad=True)
for i in range(25):
    f = (x - 2) ** 2 + 1
    f.backward()
    with torch.no_grad():
        x -= 0.1 * x.grad
    x.grad.zero_()
    if i % 5 == 4:
        print(i, x.item(), f.item())
print(x)
print(round(x.item(), 3))
