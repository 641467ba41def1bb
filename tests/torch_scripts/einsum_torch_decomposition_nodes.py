"""torch.einsum builds ATen's graph: operands permuted (unsqueezed, diagonals), then permute/reshape/bmm/view/permute
per pair, the operands swapped when the right one's dims lead the output; the sublist form; errors."""
import torch


def chain(fn, depth=0):
    """The names of a graph's nodes, depth first, one line."""
    if fn is None:
        return "None"
    inner = ", ".join(chain(f, depth + 1) for f, _ in fn.next_functions)
    name = fn.name().replace("torch::autograd::", "")
    return f"{name}({inner})" if inner else name


A = torch.arange(6.).reshape(2, 3).requires_grad_()
B = (torch.arange(12.).reshape(3, 4) / 10).requires_grad_()
v = torch.tensor([1., -2., 3.], requires_grad=True)
S = torch.tensor([[2., 1., 0.], [1., 3., 1.], [0., 1., 4.]], requires_grad=True)
X = (torch.arange(24.).reshape(2, 3, 4) / 7).requires_grad_()
Y = (torch.arange(24.).reshape(2, 4, 3) / 5).requires_grad_()
cases = [
    ("ij,jk->ik", A, B), ("ij,jk", A, B), ("ij->ji", A), ("ij->", A), ("ij->j", A), ("ii->i", S), ("ii", S),
    ("i,i->", v, v), ("i,j->ij", v, v), ("ij,j->i", A, v), ("bij,bjk->bik", X, Y), ("bij,bjk->bki", X, Y),
    ("...ij,...jk->...ik", X, Y), ("bi,bi->b", A, A), ("ij,ij->ij", A, A), ("ij,kj->ik", A, A),
    ("ij,jk,kl->il", A, S, S), ("i,ij,j->", v, S, v), ("bij->bji", X), ("b...->...", X), ("iij->j", X.new_ones(3, 3, 2).requires_grad_()),
    ("ij,ik->jk", A, A), ("ijk,k->ij", X, B[0]), ("ab,cd->abcd", A[:, :2], A[:, 1:]), ("Ab,bc->Ac", A, B),
]
for eq, *ops in cases:
    out = torch.einsum(eq, *ops)
    print(eq, tuple(out.shape), chain(out.grad_fn))
    print(out)
    grads = torch.autograd.grad(out.sum() if out.dim() else out, [o for o in ops if o.requires_grad], allow_unused=True)
    for g in grads:
        print(g)
# second order through einsum
w = torch.tensor([0.5, -1., 2.], requires_grad=True)
q = torch.einsum("i,ij,j->", w, S, w)
g, = torch.autograd.grad(q, w, create_graph=True)
print(g, g.grad_fn.name())
h = torch.stack([torch.autograd.grad(gi, w, retain_graph=True)[0] for gi in g])
print(h)
# as a list of operands and in sublist form
print(torch.einsum("i,i", [v, v]))
print(torch.einsum(A, [0, 1], B, [1, 2], [0, 2]))
# errors
for eq, *ops in [("ij,jk->ik", A, A), ("ij->k", A), ("ij->ii", A), ("i,j", v), ("ijk->", A)]:
    try:
        torch.einsum(eq, *ops)
    except RuntimeError as e:
        print("RuntimeError:", e)
# forward mode and vmap through einsum's decomposition
from torch.func import jvp, vmap, jacrev
print(jvp(lambda m: torch.einsum("ij,jk->ik", m, B.detach()), (A.detach(),), (torch.ones(2, 3),)))
print(vmap(lambda r: torch.einsum("j,jk->k", r, B.detach()))(A.detach()))
print(jacrev(lambda u: torch.einsum("i,ij,j->", u, S.detach(), u))(v.detach()))
