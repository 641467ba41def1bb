import torch

w = torch.tensor(3.0, requires_grad=True)
target = (w * 2).detach()
loss = (w - target) ** 2
loss.backward()
print(loss, w.grad)

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
straight = x + (torch.round(x * 1.4) - x * 1.4).detach()
straight.sum().backward()
print(straight, x.grad)

p = torch.tensor(0.5, requires_grad=True)
with torch.no_grad():
    scale = p * 10
q = p * scale
q.backward()
print(scale.requires_grad, p.grad)
