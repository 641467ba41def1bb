import torch

# renorm_, addr_, baddbmm_, addmv_, addmm_, addbmm_ on a self whose elements share memory. torch's kernels
# run through the strides: renorm_ and addr_ element by element, baddbmm_ element by element below
# 400 multiply-adds per batch and batch by batch (an addmm_ each) above; addmm_ and addbmm_ compute a
# copy and write it back (a later sharer wins). An expanded self (a zero stride) is refused, except by
# baddbmm_ and addmv_ (ATen's gemv fallback with incy = 0) and tril_.


def attempt(name, step):
    try:
        print(name, step())
    except RuntimeError as e:
        print(name, "RuntimeError:", str(e).split("\n")[0])


def unfolded(n=8, size=2):
    x = torch.arange(1., n + 1)
    return x, x.unfold(0, size, 1)


def renorm_rows():
    x, v = unfolded(); v.renorm_(2, 0, 3.0); return x
def renorm_columns():
    x, v = unfolded(); v.renorm_(2, 1, 3.0); return x
def renorm_as_strided():
    x = torch.arange(1., 9.); torch.as_strided(x, (3, 3), (1, 1)).renorm_(1, 0, 2.0); return x
def renorm_keywords():
    x = torch.arange(1., 9., dtype=torch.float64); torch.as_strided(x, (3, 3), (2, 1)).renorm_(p=1, dim=-1, maxnorm=2.0); return x
def addr_plain():
    x, v = unfolded(); v.addr_(torch.ones(7), torch.ones(2)); return x
def addr_beta_alpha():
    x, v = unfolded(); v.addr_(torch.arange(7.), torch.tensor([0.5, 2.]), beta=2., alpha=0.5); return x
def addr_beta_zero():
    x, v = unfolded(); x[3] = float("nan"); v.addr_(torch.ones(7), torch.ones(2), beta=0); return x
def addr_as_strided():
    x = torch.arange(1., 9.); torch.as_strided(x, (3, 3), (1, 1)).addr_(torch.ones(3), torch.arange(3.)); return x
def baddbmm_small():
    x, v = unfolded(); v.unsqueeze(0).baddbmm_(torch.ones(1, 7, 3), torch.ones(1, 3, 2)); return x
def baddbmm_small_batches():
    x = torch.arange(1., 42.); torch.as_strided(x, (2, 4, 3), (3, 1, 1)).baddbmm_(
        torch.arange(16.).reshape(2, 4, 2) / 10, torch.ones(2, 2, 3), beta=0.5, alpha=2); return x
def baddbmm_large():
    x = torch.arange(1., 42.); x.unfold(0, 10, 1)[None].baddbmm_(torch.ones(1, 32, 2), torch.ones(1, 2, 10) * 0.5, beta=0.5)
    return x
def baddbmm_large_batches():
    x = torch.arange(1., 50.); torch.as_strided(x, (2, 20, 10), (8, 1, 1)).baddbmm_(
        torch.arange(80.).reshape(2, 20, 2) / 10, torch.ones(2, 2, 10), beta=0.5, alpha=2); return x
def baddbmm_expanded():
    x = torch.arange(1., 9.); torch.as_strided(x, (1, 3, 2), (0, 0, 1)).baddbmm_(torch.ones(1, 3, 4), torch.ones(1, 4, 2)); return x
def addmm_unfolded():
    x, v = unfolded(); v.addmm_(torch.ones(7, 3), torch.arange(6.).reshape(3, 2), beta=0.5); return x
def addbmm_unfolded():
    x, v = unfolded(); v.addbmm_(torch.ones(2, 7, 3), torch.arange(12.).reshape(2, 3, 2), beta=0.5); return x
def addmv_rows():
    x = torch.arange(1., 9.); torch.as_strided(x, (4,), (0,)).addmv_(torch.arange(12.).reshape(4, 3), torch.ones(3), beta=0.5, alpha=2)
    return x
def addmv_columns():
    x = torch.arange(1., 9.); torch.as_strided(x, (4,), (0,)).addmv_(torch.arange(12.).reshape(3, 4).t(), torch.ones(3), beta=0.5, alpha=2)
    return x
def addmv_columns_beta_zero():
    x = torch.arange(1., 9.); torch.as_strided(x, (4,), (0,)).addmv_(torch.arange(12.).reshape(3, 4).t(), torch.ones(3), beta=0)
    return x
def addmv_expanded():
    x = torch.zeros(1); x.expand(4).addmv_(torch.ones(4, 3), torch.ones(3)); return x
def triangles_expanded():
    x = torch.arange(1., 3.).reshape(2, 1); x.expand(2, 3).tril_(); y = x + 1; y.expand(2, 3).triu_(); return x, y
def view_of_expanded():
    x = torch.arange(1., 3.).reshape(2, 1); v = x.expand(2, 3)[:, 0]; v.add_(1); v.square_(); v.addmv_(torch.ones(2, 3), torch.ones(3)); return x


for step in [renorm_rows, renorm_columns, renorm_as_strided, renorm_keywords, addr_plain, addr_beta_alpha, addr_beta_zero,
             addr_as_strided, baddbmm_small, baddbmm_small_batches, baddbmm_large, baddbmm_large_batches, baddbmm_expanded,
             addmm_unfolded, addbmm_unfolded, addmv_rows, addmv_columns, addmv_columns_beta_zero, addmv_expanded,
             triangles_expanded, view_of_expanded]:
    attempt(step.__name__, step)

# an expanded self: torch's internal-overlap error, nothing written
expanded = [("renorm_", lambda v: v.renorm_(2, 0, 1.0)), ("addr_", lambda v: v.addr_(torch.ones(3), torch.ones(2))),
            ("addmm_", lambda v: v.addmm_(torch.ones(3, 4), torch.ones(4, 2))),
            ("addbmm_", lambda v: v.addbmm_(torch.ones(2, 3, 4), torch.ones(2, 4, 2))),
            ("cumsum_", lambda v: v.cumsum_(1)), ("addcmul_", lambda v: v.addcmul_(torch.ones(2), torch.ones(2))),
            ("lerp_", lambda v: v.lerp_(torch.ones(2), 0.5)), ("atan2_", lambda v: v.atan2_(torch.ones(2))),
            ("xlogy_", lambda v: v.xlogy_(2.0)), ("square_", lambda v: v.square_())]
for name, step in expanded:
    x = torch.arange(1., 9.)
    attempt(name, lambda: step(torch.as_strided(x, (3, 2), (0, 1))))
    print(x)

# gradients through the write: the view's base gets a CopySlices, the operands their products' gradients
x = torch.arange(1., 9.).requires_grad_()
y = x.clone()
v = y.unfold(0, 2, 1)
v.renorm_(2, 0, 3.0)
print(y, v.grad_fn.name())
y.sum().backward()
print(x.grad)

b = torch.ones(1, 7, 3, requires_grad=True)
y = torch.zeros(8, requires_grad=True).clone()
w = y.unfold(0, 2, 1)[None]
w.baddbmm_(b, torch.arange(6.).reshape(1, 3, 2), beta=0.5)
print(y, w.grad_fn.name())
(y * torch.arange(8.)).sum().backward()
print(b.grad)

v1 = torch.arange(7., requires_grad=True)
y = torch.ones(8, dtype=torch.float32).clone()
y.unfold(0, 2, 1).addr_(v1, torch.tensor([1., -1.]), alpha=2)
print(y)
y.sum().backward()
print(v1.grad)
