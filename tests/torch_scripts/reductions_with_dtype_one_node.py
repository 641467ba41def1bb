"""sum/mean/prod/cumsum/cumprod/nansum/norms with dtype= are one node whose edge goes to the input (torch
records no ToCopyBackward0; the gradient comes back in the input's dtype); linalg.vector_norm, matrix_norm and
norm take dtype=; an integer dtype on a tensor that requires grad is refused; an integer dtype= is kept."""
import torch
def chain(fn):
    if fn is None:
        return "None"
    inner = ", ".join(chain(f) for f, _ in fn.next_functions)
    name = fn.name().replace("torch::autograd::", "")
    return f"{name}({inner})" if inner else name
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
h = torch.tensor([1., 2.], dtype=torch.float16, requires_grad=True)
cases = [lambda: x.sum(dtype=torch.float64), lambda: x.sum(0, dtype=torch.float64), lambda: torch.sum(x, 1, keepdim=True, dtype=torch.float64),
         lambda: x.mean(dtype=torch.float64), lambda: x.mean(0, dtype=torch.float64), lambda: x.prod(dtype=torch.float64), lambda: x.prod(1, dtype=torch.float64),
         lambda: x.cumsum(0, dtype=torch.float64), lambda: x.cumprod(1, dtype=torch.float64), lambda: torch.softmax(x, 1, dtype=torch.float64),
         lambda: torch.log_softmax(x, 0, dtype=torch.float64), lambda: x.nansum(dtype=torch.float64), lambda: torch.linalg.vector_norm(x, dtype=torch.float64),
         lambda: torch.linalg.vector_norm(x, 1, dim=0, dtype=torch.float64), lambda: torch.linalg.matrix_norm(x, dtype=torch.float64), lambda: x.norm(dtype=torch.float64),
         lambda: h.sum(dtype=torch.float32), lambda: h.mean(dtype=torch.float32), lambda: x.sum(dtype=torch.float32),
         lambda: x.sum(dtype=torch.float16), lambda: torch.nn.functional.softmax(x, dim=0, dtype=torch.float64), lambda: x.logsumexp(0),
         lambda: torch.special.log_softmax(x, 1, dtype=torch.float64), lambda: torch.linalg.norm(x, dtype=torch.float64)]
for i, f in enumerate(cases):
    try:
        y = f()
    except Exception as e:
        print(i, type(e).__name__, e)
        continue
    print(i, y.dtype, chain(y.grad_fn))
    print([k for k in dir(y.grad_fn) if k.startswith('_saved')])
    for leaf in (x, h):
        leaf.grad = None
    y.backward(torch.ones_like(y))
    print(x.grad, h.grad)
A = torch.tensor([[3., 1.], [1., 2.]], requires_grad=True)
for o in ["fro", "nuc", 2, -2, 1, float("inf")]:
    y = torch.linalg.matrix_norm(A, o, dtype=torch.float64)
    print(o, y, chain(y.grad_fn))
    A.grad = None
    y.backward()
    print(A.grad.round(decimals=6))
try:
    x.mean(dtype=torch.int64)
except RuntimeError as e:
    print(e)
for f in [lambda: x.sum(dtype=torch.int64), lambda: x.sum(0, dtype=torch.int32), lambda: x.cumsum(0, dtype=torch.int64),
          lambda: x.prod(dtype=torch.int64), lambda: torch.linalg.vector_norm(x, dtype=torch.int64)]:
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError:", e)
with torch.no_grad():
    print(x.sum(dtype=torch.int64))
print(x.detach().sum(dtype=torch.int64))
print(torch.tensor([1, 2, 3]).sum(dtype=torch.float32), torch.tensor([1, 2]).cumsum(0, dtype=torch.float64))
print(torch.tensor([True, True]).sum(dtype=torch.int32))
# dtype= inside create_graph and forward mode
g, = torch.autograd.grad(x.pow(3).sum(dtype=torch.float64), x, create_graph=True)
print(g, g.dtype, chain(g.grad_fn))
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(x.detach(), torch.ones(2, 2))
    print(fwAD.unpack_dual(d.sum(dtype=torch.float64)).tangent, fwAD.unpack_dual(d.cumsum(1, dtype=torch.float64)).tangent)
from torch.func import grad, vmap
print(grad(lambda t: t.prod(dtype=torch.float64))(x.detach()))
print(vmap(lambda t: t.sum(dtype=torch.float64))(x.detach()))
