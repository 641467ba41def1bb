import torch
import torch.nn as nn
import torch.nn.functional as F

# torch.nuclear_norm: linalg.matrix_norm(ord='nuc'), its nodes and its gradient through the SVD
torch.manual_seed(0)
torch.set_printoptions(precision=5)
a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(2, 3, 3, dtype=torch.float64, requires_grad=True)
for name, f in [("2-d", lambda: torch.nuclear_norm(a)), ("keepdim", lambda: torch.nuclear_norm(a, keepdim=True)),
                ("positional keepdim", lambda: torch.nuclear_norm(a, True)),
                ("dim", lambda: torch.nuclear_norm(b, dim=(1, 2))), ("dim keepdim", lambda: torch.nuclear_norm(b, (2, 1), keepdim=True)),
                ("batched", lambda: torch.nuclear_norm(b)), ("matrix_norm", lambda: torch.linalg.matrix_norm(b, ord='nuc')),
                ("norm p", lambda: torch.norm(a, p='nuc'))]:
    r = f()
    g, = torch.autograd.grad(r.sum(), [a if r.dtype == torch.float32 else b])
    print(name, r, r.grad_fn.name(), r.grad_fn.next_functions[0][0].name(), g)
print(torch.nuclear_norm(torch.tensor([[3.0, 0.0], [0.0, -4.0]])), torch.nuclear_norm(torch.ones(0, 3)))
for name, f in [("1-d", lambda: torch.nuclear_norm(torch.ones(3))),
                ("int", lambda: torch.nuclear_norm(torch.ones(2, 2, dtype=torch.int64))),
                ("one dim", lambda: torch.nuclear_norm(b, dim=(1,))),
                ("same dims", lambda: torch.nuclear_norm(b, dim=(1, 1))),
                ("same dims wrapped", lambda: torch.linalg.matrix_norm(b, 'nuc', dim=(-2, 1)))]:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)

# svd_lowrank / pca_lowrank: torch's randn draw, QR iterations and SVD, step for step
torch.manual_seed(1)
A = torch.randn(6, 4)
print(torch.svd_lowrank(A, q=3))
print(torch.pca_lowrank(A))
print(torch.pca_lowrank(A, q=4, center=False, niter=0))
Ad = torch.randn(2, 5, 3, dtype=torch.float64, requires_grad=True)
U, S, V = torch.svd_lowrank(Ad, q=3, niter=3)
print(U, S, V, S.grad_fn.name(), U.grad_fn.name(), V.grad_fn.name())
S.sum().backward()
print(Ad.grad)
for bad in [lambda: torch.pca_lowrank(A, q=7), lambda: torch.pca_lowrank(A, niter=-1), lambda: torch.pca_lowrank(A, q=-1)]:
    try:
        print(bad())
    except ValueError as e:
        print("ValueError:", e)

# alpha dropout: torch's bernoulli stream under a seed, eval mode and p = 0 / 1 return as torch's
torch.manual_seed(0)
x = torch.randn(3, 5, requires_grad=True)
for p in (0.0, 0.2, 0.5, 1.0):
    torch.manual_seed(1)
    y = F.alpha_dropout(x, p, True)
    print(p, y, y is x, y.grad_fn.name() if y.grad_fn is not None else None)
    if y.grad_fn is not None:
        print(torch.autograd.grad(y.sum(), x)[0])
print(F.alpha_dropout(x, 0.5, False) is x, F.alpha_dropout(x, 0.5) is x)
torch.manual_seed(2)
m = nn.AlphaDropout(0.3)
print(m, m(x))
m.eval()
print(m(x) is x)
torch.manual_seed(3)
x4 = torch.randn(2, 3, 2, 2, requires_grad=True)
y = F.feature_alpha_dropout(x4, 0.4, True)
print(y, y.grad_fn.name(), torch.autograd.grad(y.sum(), x4)[0])
print(nn.FeatureAlphaDropout(0.5), nn.FeatureAlphaDropout(0.5)(x4))
print(F.alpha_dropout(torch.ones(3, dtype=torch.int32), 1.0, True))
for bad in [lambda: F.alpha_dropout(x, 1.5, True), lambda: F.alpha_dropout(x, -0.1), lambda: nn.AlphaDropout(2.0),
            lambda: F.feature_alpha_dropout(x4, 1.2, True), lambda: F.feature_alpha_dropout(torch.ones(3), 0.5, True),
            lambda: F.alpha_dropout(torch.ones(3, dtype=torch.int64), 0.5, True),
            lambda: F.alpha_dropout(torch.ones(3, dtype=torch.bool), 0.5, True)]:
    try:
        print(bad())
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
