# torch.autograd.Variable as old tutorials use it: the data detached, requiring grad if asked.
import torch
from torch.autograd import Variable
t = torch.tensor([1.0, 2.0])
v = Variable(t, requires_grad=True)
print(v, v is t, t.requires_grad, v.requires_grad, v.is_leaf)
u = Variable(t)
print(u is t, u.requires_grad)
y = t * 2
z = Variable(y, requires_grad=True)
print(z.is_leaf, z.grad_fn)
print(isinstance(v, Variable), isinstance(t, Variable))
try:
    Variable([1.0])
except TypeError as e:
    print("TypeError:", e)
try:
    Variable(torch.tensor([1, 2]), requires_grad=True)
except RuntimeError as e:
    print("RuntimeError:", e)
w = torch.ones(2, requires_grad=True) * 3
q = Variable(w)
print(q is w, q.grad_fn, q.requires_grad)
(v * v).sum().backward()
print(v.grad, t.grad)
x = torch.autograd.Variable(torch.ones(2, 2), requires_grad=True)
print(x)
