# What backward(gradient=) and grad(grad_outputs=) accept: tensors or None; a bare Python number or
# a list of numbers is refused with torch's TypeError.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 2
for g in (2.0, 3, torch.tensor(1.5), [1.0], [None], (torch.tensor(2.0),)):
    try:
        y.backward(g, retain_graph=True)
        print(x.grad)
    except TypeError as e:
        print("TypeError:", e)
for go in (2.0, [None], (torch.tensor(4.0),)):
    try:
        print(torch.autograd.grad(y, x, grad_outputs=go, retain_graph=True))
    except TypeError as e:
        print("TypeError:", e)
