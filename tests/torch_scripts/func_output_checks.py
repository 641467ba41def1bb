# torch.func checks of what f returns and of the inputs, with torch's words (jacrev speaks as vjp, jacfwd as jvp).
import torch
from torch.func import vjp, jvp, jacrev, jacfwd, hessian, linearize
x = torch.tensor([1.0, 2.0])
for name, fn in [("jacrev int", lambda: jacrev(lambda t: t * 2)(torch.tensor([1, 2]))),
                 ("jacfwd int", lambda: jacfwd(lambda t: t * 2)(torch.tensor([1, 2]))),
                 ("vjp non-tensor out", lambda: vjp(lambda t: 3.0, x)),
                 ("jacrev non-tensor out", lambda: jacrev(lambda t: 3.0)(x)),
                 ("jvp non-tensor out", lambda: jvp(lambda t: 3.0, (x,), (x,))),
                 ("jacfwd has_aux bad", lambda: jacfwd(lambda t: t, has_aux=True)(x)),
                 ("jacrev has_aux bad", lambda: jacrev(lambda t: t, has_aux=True)(x)),
                 ("jacrev chunk 0", lambda: jacrev(lambda t: t, chunk_size=0)(x)),
                 ("linearize", lambda: linearize(lambda t: t.sin(), x)[1](torch.ones(2))),
                 ("jacfwd randomness", lambda: jacfwd(lambda t: t, randomness="bad")(x)),
                 ("vjp int input", lambda: vjp(lambda t: t * 2, torch.tensor([1, 2]))),
                 ]:
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__, e)
