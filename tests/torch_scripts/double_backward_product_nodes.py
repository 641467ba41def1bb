# Under create_graph the gradients of products record the ops torch's formulas call:
# mm -> .t() and mm, bmm -> transpose and bmm, mv -> ger and t().mv, dot -> grad * other,
# squeeze -> unsqueeze, broadcasting -> sum(keepdim) then a view only to drop leading dims.
import torch

torch.manual_seed(0)


def walk(fn, depth=0):
    if fn is None:
        return
    print(" " * depth + fn.name())
    for child, _ in fn.next_functions:
        walk(child, depth + 2)


a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, 4, requires_grad=True)
v = torch.randn(3, requires_grad=True)
products = {
    "a @ b": lambda: a @ b,
    "F.linear": lambda: torch.nn.functional.linear(a, b.t()),
    "addmm": lambda: torch.addmm(torch.zeros(4), a, b),
    "bmm": lambda: torch.bmm(a[None], b[None]),
    "baddbmm": lambda: torch.baddbmm(torch.zeros(1, 2, 4), a[None], b[None], alpha=2.0),
    "batched matmul": lambda: (a.unsqueeze(0) @ b.unsqueeze(0)).squeeze(0),
}
for name, f in products.items():
    ga, gb = torch.autograd.grad(f().sin().sum(), (a, b), create_graph=True)
    print("--", name)
    walk(ga.grad_fn)
    walk(gb.grad_fn)
w = torch.randn(3, 3, requires_grad=True)
vectors = {
    "mv": lambda: b.t() @ v,
    "vector @ matrix": lambda: (v @ b).pow(2),
    "dot": lambda: torch.dot(v, v),
    "outer": lambda: torch.outer(v, v),
    "addmv": lambda: torch.addmv(torch.zeros(3), w, v, alpha=0.5),
    "broadcast": lambda: v * w.reshape(3, 1, 3),
}
for name, f in vectors.items():
    g, = torch.autograd.grad(f().sum(), v, create_graph=True)
    print("--", name)
    walk(g.grad_fn)
x = torch.randn(2, 1, 3, 1, requires_grad=True)
for name, f in {"squeeze()": lambda t: t.squeeze(), "squeeze(1)": lambda t: t.squeeze(1),
                "squeeze((1, 3))": lambda t: t.squeeze((1, 3))}.items():
    g, = torch.autograd.grad(f(x).exp().sum(), x, create_graph=True)
    print("--", name, tuple(g.shape))
    walk(g.grad_fn)
c = torch.randn(2, 4, requires_grad=True)
y = torch.addmm(c, a, b, beta=0.5, alpha=3.0)
gc, ga, gb = torch.autograd.grad(y.sin().sum(), (c, a, b), create_graph=True)
print("-- addmm beta=0.5 alpha=3")
for g in (gc, ga, gb):
    walk(g.grad_fn)
print(ga, gb, sep="\n")
