# Hooks on one saved tensor (grad_fn._raw_saved_<name>.register_hooks), and what an unpack hook
# returns keeping the saved tensor's place in the graph: a pack hook that detaches does not cut the
# graph a second derivative follows. A saved input detached in place is refused.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.pow(2)
saved = y.grad_fn._raw_saved_self
print(saved)
saved.register_hooks(lambda t: print("pack", t) or t * 10, lambda t: print("unpack", t) or t / 10)
try:
    saved.register_hooks(lambda t: t, lambda t: t)
except RuntimeError as e:
    print("RuntimeError:", e)
print(y.grad_fn._saved_self)
y.sum().backward()
print(x.grad)
try:
    y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
except RuntimeError as e:
    print("RuntimeError:", e)

x.grad = None
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach() * 10, lambda t: t / 10):
    y = x.pow(3)
    z = y.exp()
print(y.grad_fn._saved_self)
print(z.grad_fn._saved_result)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g)
g.sum().backward()
print(x.grad)

a = x * 3
b = a ** 2
a.detach_()
print(a.requires_grad, a.grad_fn)
try:
    b.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
