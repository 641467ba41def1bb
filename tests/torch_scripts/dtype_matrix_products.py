import torch
import torch.nn.functional as F

# Matrix products and convolutions take one dtype: torch refuses float32 with float64 (or ints)
# in each kernel's own words, where numpy would promote.
f = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
d = torch.tensor([[0.5, -1.0], [2.0, 0.25]], dtype=torch.float64)
i = torch.tensor([[1, 2], [3, 4]])


def attempt(name, fn):
    try:
        out = fn()
        print(name, "->", out.dtype)
    except RuntimeError as e:
        print(name, "->", e)


attempt("mm", lambda: torch.mm(f, d))
attempt("mm int", lambda: torch.mm(i, f))
attempt("matmul 2d", lambda: f @ d)
attempt("matmul 1d", lambda: f[0] @ d[0])
attempt("matmul 2d 1d", lambda: f @ d[0])
attempt("matmul 1d 2d", lambda: f[0] @ d)
attempt("matmul 3d", lambda: f.unsqueeze(0) @ d.unsqueeze(0))
attempt("matmul 2d 3d", lambda: d @ f.unsqueeze(0))
attempt("bmm", lambda: torch.bmm(d.unsqueeze(0), f.unsqueeze(0)))
attempt("mv", lambda: torch.mv(d, f[0]))
attempt("dot", lambda: torch.dot(f[0], d[0]))
attempt("inner", lambda: torch.inner(f[0], d[0]))
attempt("addmm self", lambda: torch.addmm(d, f, f))
attempt("addmm mat1", lambda: torch.addmm(f, d, f))
attempt("linear", lambda: F.linear(f, d))
attempt("linear bias", lambda: F.linear(f, f, d[0]))
attempt("linear 3d", lambda: F.linear(d.unsqueeze(0), f, f[0]))
attempt("bilinear", lambda: F.bilinear(f, f, torch.ones(1, 2, 2, dtype=torch.float64)))
attempt("einsum", lambda: torch.einsum("ij,jk->ik", f, d))
x = torch.ones(1, 1, 3, 3)
attempt("conv2d", lambda: F.conv2d(x, torch.ones(1, 1, 2, 2, dtype=torch.float64)))
attempt("conv2d double input", lambda: F.conv2d(x.double(), torch.ones(1, 1, 2, 2)))
attempt("conv2d bias", lambda: F.conv2d(x, torch.ones(1, 1, 2, 2), torch.ones(1, dtype=torch.float64)))
attempt("conv2d batch 2", lambda: F.conv2d(torch.ones(2, 1, 3, 3), torch.ones(1, 1, 2, 2, dtype=torch.float64)))
attempt("conv1d groups", lambda: F.conv1d(torch.ones(1, 2, 3), torch.ones(2, 1, 2, dtype=torch.float64), groups=2))
print(F.conv2d(torch.arange(9).reshape(1, 1, 3, 3), torch.ones(1, 1, 2, 2, dtype=torch.int64)))
print(torch.mm(i, i))
try:
    f @ 2
except TypeError as e:
    print(e)
y = f @ d.float()
print(y)
y.sum().backward()
print(f.grad)
