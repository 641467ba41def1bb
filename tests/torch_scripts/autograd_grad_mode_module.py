import torch
from torch.autograd.grad_mode import no_grad, enable_grad
import torch.autograd.grad_mode as gm
x = torch.ones(2, requires_grad=True)
with torch.autograd.grad_mode.no_grad():
    y = x * 2
print(y.requires_grad, torch.autograd.grad_mode.is_grad_enabled() if hasattr(gm, "is_grad_enabled") else True)
with no_grad():
    with enable_grad():
        z = x * 2
print(z.requires_grad)
with gm.set_grad_enabled(False):
    print((x * 2).requires_grad)
with gm.inference_mode():
    print((x * 2).is_inference())
print(gm.no_grad)
