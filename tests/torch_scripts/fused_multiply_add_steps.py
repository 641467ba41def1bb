# torch's CPU kernels round a * b + c once (a fused multiply-add) in add/sub with alpha, lerp, addcmul
# and tanh's backward (1 - y*y), and the optimizers' steps are made of them: full-precision values after
# each, and parameters after several steps of the optimizers whose updates have no square root (with
# gradients set by hand, so that only the update itself is compared).
import torch
import torch.nn as nn

torch.manual_seed(0)
a, b, c = torch.randn(24), torch.randn(24), torch.rand(24) + 0.5
print(torch.add(a, b, alpha=0.1).tolist())
print(torch.sub(a, b, alpha=0.3).tolist())
print(torch.rsub(a, b, alpha=0.7).tolist())
print(a.lerp(b, 0.1).tolist())
print(a.lerp(b, 0.9).tolist())
print(a.lerp(b, c * 0.5).tolist())
print(a.addcmul(b, c, value=0.01).tolist())
print(a.addcmul(b, c).tolist())
x = a.clone()
x.add_(b, alpha=-0.05)
x.sub_(c, alpha=2.5)
print(x.tolist())
leaf = torch.randn(3, requires_grad=True)
z = leaf * 2
z.add_(torch.ones(3), alpha=0.5)              # one AddBackward0 node that keeps alpha
print(z.grad_fn.name(), z.grad_fn._saved_alpha, z.grad_fn.next_functions[1])
z.sub_(leaf, alpha=2)
z.sum().backward()
print(leaf.grad, z.grad_fn.name(), z.grad_fn._saved_alpha)
ints = torch.arange(4)
ints.add_(torch.ones(4, dtype=torch.long), alpha=3)
print(ints)
try:
    ints.add_(torch.ones(4, dtype=torch.long), alpha=0.5)
except RuntimeError as e:
    print("RuntimeError:", e)
t = torch.randn(24, requires_grad=True)
torch.tanh(t).backward(b)
print(t.grad.tolist())
first, = torch.autograd.grad(torch.tanh(t).sum(), t, create_graph=True)
print(first.tolist(), first.grad_fn.name())

configs = [
    ("SGD", lambda p: torch.optim.SGD(p, lr=0.05)),
    ("SGD momentum", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9)),
    ("SGD dampening, weight decay", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, dampening=0.1,
                                                              weight_decay=0.01)),
    ("SGD nesterov", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, weight_decay=1e-3)),
    ("SGD maximize", lambda p: torch.optim.SGD(p, lr=0.05, maximize=True)),
    ("SGD tensor lr", lambda p: torch.optim.SGD(p, lr=torch.tensor(0.05), momentum=0.5)),
    ("Adamax", lambda p: torch.optim.Adamax(p, lr=0.05, weight_decay=0.01)),
    ("ASGD", lambda p: torch.optim.ASGD(p, lr=0.05, t0=2, weight_decay=0.01)),
    ("Rprop", lambda p: torch.optim.Rprop(p, lr=0.01)),
]
for name, make in configs:
    torch.manual_seed(1)
    w = nn.Parameter(torch.randn(6, 7))
    bias = nn.Parameter(torch.randn(7))
    opt = make([w, bias])
    for step in range(6):
        w.grad = w.detach() * 1.5 - 0.3
        bias.grad = bias.detach() * bias.detach() - 0.2
        opt.step()
    print(name, w.sum().item(), w[0].tolist(), bias.tolist())
