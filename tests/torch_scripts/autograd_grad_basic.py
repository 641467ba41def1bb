import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
y = (w * x ** 2).sum()
gx, gw = torch.autograd.grad(y, [x, w])
print(gx, gw)
print(x.grad, w.grad)
y = (w * x).sum()
(gx,) = torch.autograd.grad(y, x, retain_graph=True)
print(gx)
g = torch.autograd.grad(outputs=y, inputs=(w,))
print(type(g).__name__, len(g), g[0])
