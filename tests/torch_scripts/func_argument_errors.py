# torch.func's checks of jvp's primals and tangents, of vjp_fn's cotangents and of has_aux outputs.
import torch
from torch.func import grad, jvp, vjp

for primals, tangents in (((torch.ones(2),), (torch.ones(3),)), (torch.ones(2), torch.ones(2)),
                          ((torch.ones(2),), torch.ones(2)), ((torch.ones(2), torch.ones(2)), (torch.ones(2),))):
    try:
        jvp(lambda a, b=None: a * 2, primals, tangents)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    grad(lambda x: ((x ** 2).sum(), 1), has_aux=True)(torch.ones(2))
except RuntimeError as e:
    print("RuntimeError:", e)
print(grad(lambda x: ((x ** 2).sum(), {"mean": x.mean()}), has_aux=True)(torch.ones(2)))
out, fn = vjp(lambda x: x * 2, torch.ones(2))
for cotangents in (torch.ones(3), (torch.ones(2), torch.ones(2)), [torch.ones(2)]):
    try:
        print(fn(cotangents))
    except RuntimeError as e:
        print("RuntimeError:", e)
out, fn = vjp(lambda x: (x, {"double": x * 2}), torch.ones(2))
try:
    fn((torch.ones(2), torch.ones(2)))
except RuntimeError as e:
    print("RuntimeError:", e)
print(fn((torch.ones(2), {"double": torch.ones(2)})))
