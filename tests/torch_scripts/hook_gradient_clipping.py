import torch

w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
handle = w.register_hook(lambda g: g.clamp(-1.0, 1.0))
loss = (w ** 3).sum()
loss.backward()
print(w.grad)
handle.remove()
w.grad = None
loss = (w ** 3).sum()
loss.backward()
print(w.grad)
grads = []
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
c = b * b
b.register_hook(lambda g: grads.append(g.item()))
c.register_hook(lambda g: grads.append(g.item()))
c.backward()
print(grads, a.grad)
total_norm = torch.sqrt(sum((p.grad ** 2).sum() for p in [w, a]))
print(total_norm)
max_norm = 5.0
coef = max_norm / (total_norm + 1e-6)
if coef < 1:
    for p in [w, a]:
        p.grad.mul_(coef)
print(w.grad, a.grad)
