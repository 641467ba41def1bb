# torch.autograd.set_multithreading_enabled as a call, a context manager and a decorator; the flag is
# process-wide and backward gives the same gradients either way.
import torch
s = torch.autograd.set_multithreading_enabled(False)
print(torch.autograd.is_multithreading_enabled())
with s:
    print(torch.autograd.is_multithreading_enabled())
print(torch.autograd.is_multithreading_enabled())
@torch.autograd.set_multithreading_enabled(False)
def f():
    return torch.autograd.is_multithreading_enabled()
print(f(), torch.autograd.is_multithreading_enabled())
torch.autograd.set_multithreading_enabled(True)
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.set_multithreading_enabled(False):
    (x * x).sum().backward()
print(x.grad, torch.autograd.is_multithreading_enabled())
try:
    torch.autograd.set_multithreading_enabled('x')
except TypeError as e:
    print(type(e).__name__, e)
print(torch.autograd.is_multithreading_enabled())
