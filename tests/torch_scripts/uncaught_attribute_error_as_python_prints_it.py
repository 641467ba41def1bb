# A script that ends on a mistake: the last line is the exception as Python prints it, its class first
# (gradcli printed "'Tensor' object has no attribute ..." without "AttributeError:").
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    print(undefined_thing)
except NameError as e:
    print(type(e).__name__, e)
try:
    x.no_such_member
except AttributeError as e:
    print(type(e).__name__, e)
loss = (x * x).sum()
loss.backward()
print(x.grad)
print(loss.no_such_member)
