import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
total = torch.tensor(0.0)
for v in x:
    if v.item() > 0:
        total = total + v ** 2
    else:
        total = total - v
print(total)
total.backward()
print(x.grad)

y = torch.tensor(2.0, requires_grad=True)
z = y
i = 0
while z.norm() < 100:
    z = z * 2
    i += 1
print(i, z)
z.backward()
print(y.grad)
rows = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
for i, row in enumerate(rows):
    print(i, row, row.sum().item())
if (rows > 2).any():
    print("some > 2")
print([t.item() for t in torch.arange(3)])
print(sum(torch.tensor([1.0, 2.0, 3.0])))
