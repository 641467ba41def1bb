import torch

# a Python int beside a small integer tensor is cast to the tensor's dtype first, wrapping round
u = torch.tensor([0, 7, 200, 255], dtype=torch.uint8)
i8 = torch.tensor([44, -1, 127], dtype=torch.int8)
print(u > -1, u == -1, u == 255, u < 256, u == 256, u != -56)
print(torch.gt(u, -1), u.ge(-1), -1 < u, torch.eq(u, -1))
print(i8 == 300, i8 == 255, i8 > 200, i8 < -200, i8.eq(44 + 256))
print(u == -1.0, u > -0.5, u.float() > -1)
print(torch.tensor([True]) == 2, torch.tensor([True]) == 1, torch.tensor([True]) > -1)
print(torch.func.vmap(lambda r: r > -1)(u.view(2, 2)))

# clamp's int bounds too (an unsigned dtype takes a negative bound down to -max)
print(u.clamp(-1, 1), u.clamp(min=-5), i8.clamp(-100, 100), u.clamp(max=-1), u.clone().clamp_(-1, 3))
for f in [lambda: u.clamp(0, 300), lambda: i8.clamp(-200, 200)]:
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError:", e)

# in place as out of place
print(u - 1, u + (-1), -1 + u, u * -1, u + 300, u.add(-3))
print(u.clone().add_(-1), u.clone().sub_(1), u.clone().mul_(-1), i8.clone().add_(200), i8.clone().mul_(1000))
v = u.clone()
v += -1
print(v)
