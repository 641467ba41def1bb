# register_multi_grad_hook(mode="all") runs its hook as soon as the gradients this pass computes are in
# (torch counts the nodes the engine will run), before later tensor hooks print; "any" runs on the first.
import torch
from torch.autograd.graph import register_multi_grad_hook
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
a = x * 2
b = a.exp()
c = w * 3
x.register_hook(lambda g: print("x hook", g))
w.register_hook(lambda g: print("w hook", g))
register_multi_grad_hook((a, b), lambda grads: print("multi a b", grads))
register_multi_grad_hook((a, c), lambda grads: print("multi a c", [g is None for g in grads]))
register_multi_grad_hook((x, w), lambda grads: print("multi x w", grads), mode="all")
register_multi_grad_hook((b, c), lambda g: print("any b c", g), mode="any")
(b.sum() + c.sum()).backward(retain_graph=True)
print("--- b only")
b.sum().backward(retain_graph=True)
print("--- grad wrt a")
print(torch.autograd.grad(b.sum(), a, retain_graph=True))
