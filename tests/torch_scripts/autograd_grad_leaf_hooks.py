# autograd.grad with respect to a leaf runs the leaf's hooks and returns what they give, as torch does;
# post-accumulate hooks do not run (nothing is accumulated).
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda g: print("leaf hook", g) or g * 10)
y = (x ** 2).sum()
print(torch.autograd.grad(y, x, retain_graph=True))
y.backward()
print(x.grad)
a = torch.tensor([1.0], requires_grad=True)
b = a * 2
b.register_hook(lambda g: print("b hook", g) or g * 3)
c = b * 5
print(torch.autograd.grad(c, b, retain_graph=True))
print(torch.autograd.grad(c, a))
x2 = torch.tensor([1.0, 2.0], requires_grad=True)
x2.register_post_accumulate_grad_hook(lambda t: print("post acc"))
print(torch.autograd.grad((x2 * 2).sum(), x2))
