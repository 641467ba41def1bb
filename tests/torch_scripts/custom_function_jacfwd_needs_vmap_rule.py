import torch
from torch.func import jvp, jacfwd, vmap, grad
from torch.autograd.functional import jacobian, hessian
x = torch.tensor([0.1, 0.2, 0.3])
class Old(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2
    @staticmethod
    def jvp(ctx, t):
        return t * 2
class NoVmapJvp(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 3
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g * 3
    @staticmethod
    def jvp(ctx, t):
        return t * 3
class NoVmap(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 3
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g * 3
class Gen(torch.autograd.Function):
    generate_vmap_rule = True
    @staticmethod
    def forward(x):
        return x * 3
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g * 3
for cls in (Old, NoVmapJvp, NoVmap, Gen):
    for name, f in [("jvp", lambda: jvp(cls.apply, (x,), (torch.ones(3),))),
                    ("jacfwd", lambda: jacfwd(cls.apply)(x)),
                    ("jacrev", lambda: torch.func.jacrev(cls.apply)(x)),
                    ("vmapgrad", lambda: vmap(grad(lambda v: cls.apply(v).sum()))(x[:, None])),
                    ("hessian", lambda: torch.func.hessian(lambda v: cls.apply(v).sum())(x))]:
        try:
            print(cls.__name__, name, f())
        except Exception as e:
            print(cls.__name__, name, type(e).__name__, e)
# torch.autograd.functional's forward-mode jacobian batches tangents without vmap: no vmap rule needed
class Old(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 2 * x
    @staticmethod
    def jvp(ctx, t):
        return t * 2 * ctx.saved_tensors[0] if False else t * 2
class NoVmapJvp(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 3
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g * 3
    @staticmethod
    def jvp(ctx, t):
        return t * 3
for cls in (Old, NoVmapJvp):
    for kw in [dict(), dict(vectorize=True), dict(vectorize=True, strategy="forward-mode")]:
        try:
            print(cls.__name__, kw, jacobian(cls.apply, x, **kw))
        except Exception as e:
            print(cls.__name__, kw, type(e).__name__, e)
    try:
        print(hessian(lambda v: cls.apply(v).sum(), x, vectorize=True))
    except Exception as e:
        print(type(e).__name__, e)
