import torch

x = torch.tensor([3.0, -1.0, 0.5, -2.0], requires_grad=True)
total = torch.tensor(0.0)
for v in x:
    if v > 0:
        total = total + v ** 2
    else:
        total = total - v
print(total)
total.backward()
print(x.grad)
y = torch.tensor(1.0, requires_grad=True)
z = y
n = 0
while z < 100:
    z = z * 3
    n += 1
print(n, z)
z.backward()
print(y.grad)
sq = [t * t for t in torch.tensor([1.0, 2.0, 3.0], requires_grad=True)]
print(sq)
print(torch.stack(sq))
print(sum(sq))
big = [i for i, t in enumerate(x) if t.item() > 0]
print(big)
