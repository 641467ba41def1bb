import torch
# torch's pow kernel: x*x*x for 3, 1/(x*x) for -2, sqrt for 0.5, 1/sqrt for -0.5; item() and tolist()
# print every digit of the float32 result, and the backward uses the same powers.
x = torch.tensor([0.3, 0.7, 1.1, 1.7, 2.3, 2.9, 3.7], requires_grad=True)
for e in (3, -2, -0.5, 2.5, 1.25, -3, 4):
    y = x ** e
    g, = torch.autograd.grad(y.sum(), x)
    print(e, y.tolist(), g.tolist())
w = torch.tensor([0.123, 0.456, 0.789], requires_grad=True)
loss = (w ** 3).sum() + w.pow(2.5).mean()
loss.backward()
print(loss.item(), w.grad.tolist())
r = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
torch.rsqrt(r).backward(torch.tensor([0.3, -1.7, 2.2]))
print(r.grad.tolist())
s = torch.tensor([0.2, -0.6, 0.9], requires_grad=True)
(torch.asin(s) * torch.tensor([1.3, 0.7, -2.1])).sum().backward()
print(s.grad.tolist())
