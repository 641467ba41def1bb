import torch
@torch.no_grad
def f(x):
    return x * 2
@torch.no_grad()
def g(x):
    return x * 2
@torch.inference_mode
def h(x):
    return x * 2
@torch.enable_grad
def k(x):
    return x * 2
x = torch.ones(2, requires_grad=True)
print(f(x).requires_grad, g(x).requires_grad, h(x).requires_grad)
with torch.no_grad():
    print(k(x).requires_grad)
with torch.no_grad():
    print((x * 2).requires_grad)
with torch.inference_mode():
    print(torch.is_inference_mode_enabled())
