# Inside inference_mode, enable_grad turns the grad flag on but nothing is recorded (torch's
# InferenceMode leaves autograd out); vmap in_dims that do not match the inputs.
import torch
from torch.func import vmap

t = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled())
        k = t * 2
        print(k.requires_grad, k.is_inference(), k)
    with torch.set_grad_enabled(True):
        print((t * 3).requires_grad)
with torch.inference_mode(False):
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), (t * 2).requires_grad)
with torch.no_grad():
    with torch.inference_mode():
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled(), (t * 2).requires_grad)

x = torch.ones(2, 3)
for fn, dims, args in ((lambda a, b, c: a, (0, None), (x, x, x)), (lambda a, b: a, (0, (0, 0)), (x, [x, x])),
                       (lambda a, b: a, (0, (0, 0)), (x, x)), (lambda a, b: a, (0, {"k": 0}), (x, {"k": x, "j": x})),
                       (lambda a, b: a, (0, [0, None]), (x, [x, x]))):
    try:
        print(vmap(fn, in_dims=dims)(*args).shape)
    except ValueError as e:
        print("ValueError:", e)
