# torch.autograd.grad with a non-leaf input captures the gradient arriving at it and leaves the node
# that made it alone: its saved values survive for a later grad or backward, its tensor hooks fire
# (once), its node's pre-hooks and hooks do not.
import torch

torch.manual_seed(0)
a = torch.randn(3, requires_grad=True)
x = a * 2
print(torch.autograd.grad((x * x).sum(), x))
print(torch.autograd.grad((x ** 3).sum(), x))
x.exp().sum().backward()
print(a.grad)

b = torch.randn(3, requires_grad=True)
h = b.sin()
h.retain_grad()
h.register_hook(lambda g: print("tensor hook", g))
h.grad_fn.register_prehook(lambda grads: print("node prehook", grads))
h.grad_fn.register_hook(lambda grads_in, grads_out: print("node hook"))
out = (h * 3).sum()
print(torch.autograd.grad(out, h, retain_graph=True), h.grad)
print(torch.autograd.grad(out, [h, b], retain_graph=True))
print(torch.autograd.grad(out, b))

c = torch.randn(2, requires_grad=True)
u = c * 3
v = u.tanh()
print(torch.autograd.grad((v * v).sum(), [v, u, c]))
print(torch.autograd.grad((u * 2).sum(), u))
try:
    torch.autograd.grad((u * 5).sum(), c)
except RuntimeError as e:
    print("RuntimeError", str(e)[:60])

# a per-sample gradient penalty: the gradient with respect to an intermediate activation
net = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Tanh())
head = torch.nn.Linear(3, 1)
inp = torch.randn(4, 2)
feat = net(inp)
score = head(feat).sum()
gfeat, = torch.autograd.grad(score, feat, create_graph=True)
penalty = gfeat.pow(2).sum()
(score + penalty).backward()
print(net[0].weight.grad.shape, head.weight.grad.shape, f"{penalty.item():.5f}")
