import torch

# torch's rules for Functions (once_differentiable, setup_context, wrong gradient shapes, legacy
# instances), multi-output views written in place, inference tensors, and the index ops
# index_copy / scatter_reduce / masked_scatter / take_along_dim / put_ with their gradients;
# allow_mutation_on_saved_tensors' clone-on-write.


def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, "->", str(e).split("\n")[0][:150])


class Once(torch.autograd.Function):
    @staticmethod
    @torch.autograd.function.once_differentiable
    def forward(ctx, x):
        ctx.save_for_backward(x); return x ** 2
    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors; return 2 * x * g
x = torch.tensor([1., 2.], requires_grad=True)
def dbl():
    y = (Once.apply(x) * 3).sum()
    g, = torch.autograd.grad(y, x, create_graph=True)
    return torch.autograd.grad(g.sum(), x)
attempt("once", dbl)
def split_inplace():
    z = torch.ones(4, requires_grad=True) * 1
    p, q = z.split(2)
    p.mul_(2)
    return z
attempt("split", split_inplace)
attempt("unbind", lambda: torch.ones(2, 3, requires_grad=True).clone().unbind(0)[0].add_(1))
attempt("chunk", lambda: (torch.ones(4, requires_grad=True) * 2).chunk(2)[1].zero_())
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return torch.ones(5)
attempt("badshape", lambda: Bad.apply(torch.ones(3, requires_grad=True)).sum().backward())
attempt("legacy", lambda: Bad()(torch.ones(3, requires_grad=True)))
class Modern(torch.autograd.Function):
    @staticmethod
    def forward(x, k): return x * k
    @staticmethod
    def setup_context(ctx, inputs, output):
        x, k = inputs; ctx.k = k; ctx.save_for_backward(x)
    @staticmethod
    def backward(ctx, g): return g * ctx.k, None
def modern():
    x = torch.tensor([1., 2.], requires_grad=True)
    y = Modern.apply(x, 3.); y.sum().backward(); return y, x.grad
attempt("modern", modern)
with torch.inference_mode():
    it = torch.ones(2)
print("is_inference", torch.is_inference(it), it.is_inference(), torch.ones(1).is_inference())
src = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
base = torch.zeros(3, 2, requires_grad=True)
def idx_copy():
    y = base.index_copy(0, torch.tensor([2, 0]), src); y.sum().backward(); return y, base.grad, src.grad
attempt("index_copy", idx_copy)
def scat_red():
    s = torch.tensor([1., 2., 3., 4.], requires_grad=True)
    t = torch.tensor([10., 20., 30.], requires_grad=True)
    out = t.scatter_reduce(0, torch.tensor([0, 1, 0, 1]), s, reduce="prod")
    out.sum().backward(); return out, s.grad, t.grad
attempt("scatter_reduce", scat_red)
def scat_red2():
    s = torch.tensor([1., 2., 3., 4.], requires_grad=True)
    t = torch.tensor([10., 20., 30.], requires_grad=True)
    out = t.scatter_reduce(0, torch.tensor([0, 1, 0, 1]), s, reduce="amax", include_self=False)
    out.sum().backward(); return out, s.grad, t.grad
attempt("scatter_reduce_amax", scat_red2)
def mscat():
    t = torch.zeros(4, requires_grad=True); s = torch.tensor([1., 2., 3.], requires_grad=True)
    out = t.masked_scatter(torch.tensor([True, False, True, True]), s); (out * torch.arange(4.)).sum().backward()
    return out, t.grad, s.grad
attempt("masked_scatter", mscat)
def tad():
    t = torch.tensor([[1., 5.], [3., 2.]], requires_grad=True)
    out = torch.take_along_dim(t, torch.tensor([[1], [0]]), dim=1); out.sum().backward(); return out, t.grad
attempt("take_along_dim", tad)
def put():
    t = torch.zeros(2, 2, requires_grad=True).clone()
    t.put_(torch.tensor([1, 3]), torch.tensor([9., 8.])); return t
attempt("put_", put)
attempt("index_fill", lambda: torch.ones(3, requires_grad=True).index_fill(0, torch.tensor([1]), 5.))
attempt("index_add", lambda: torch.zeros(3).index_add(0, torch.tensor([0, 0]), torch.tensor([1., 2.])))
def amsv():
    with torch.autograd.graph.allow_mutation_on_saved_tensors():
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.clone(); z = y * y; y.mul_(10); z.sum().backward(); return x.grad, y
attempt("allow_mutation", amsv)
def soc():
    with torch.autograd.graph.save_on_cpu():
        x = torch.tensor([1., 2.], requires_grad=True); y = (x.exp()).sum(); y.backward(); return x.grad
attempt("save_on_cpu", soc)
