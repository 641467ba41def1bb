# torch.func transforms differentiate inside inference_mode (autograd.functional gives zeros there).
import torch
from torch.func import grad, vjp, jacrev, jacfwd, hessian, jvp
x = torch.tensor([1.0, 2.0])
with torch.inference_mode():
    for name, fn in [("grad", lambda: grad(lambda t: (t ** 2).sum())(x)),
                     ("jacrev", lambda: jacrev(lambda t: t ** 2)(x)),
                     ("jacfwd", lambda: jacfwd(lambda t: t ** 2)(x)),
                     ("hessian", lambda: hessian(lambda t: (t ** 3).sum())(x)),
                     ("vjp", lambda: vjp(lambda t: t ** 2, x)[1](torch.ones(2))),
                     ("jvp", lambda: jvp(lambda t: t ** 2, (x,), (torch.ones(2),))),
                     ("functional", lambda: torch.autograd.functional.jacobian(lambda t: t ** 2, x))]:
        try:
            r = fn()
            print(name, r)
        except Exception as e:
            print(name, type(e).__name__, str(e)[:100])
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
