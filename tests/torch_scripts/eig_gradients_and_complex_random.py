import torch
torch.manual_seed(0)
A = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
L, V = torch.linalg.eig(A)
print(L.grad_fn, [a for a in dir(L.grad_fn) if a.startswith('_saved')], L.grad_fn._saved_eigenvalues.dtype)
print(L, V.abs(), sep="\n")
e = torch.linalg.eigvals(A)
print(e.grad_fn, e)
e.real.sum().backward()
print((A.grad - torch.eye(3, dtype=torch.float64)).abs().max() < 1e-12)
A.grad = None
(V.abs() ** 2 * torch.arange(3.)).sum().backward()
print(A.grad.abs().max() < 1e-12)
A.grad = None
L, V = torch.linalg.eig(A)
(L.abs().sum() + (V[:, 0] * V[:, 0].conj()).real.sum() + V[:, 1].abs().sum()).backward()
print(A.grad)
A.grad = None
L, V = torch.linalg.eig(A)
try:
    V.real.sum().backward()
except Exception as err:
    print(type(err).__name__, err)
print(torch.linalg.eigvals(A.detach()).dtype, torch.linalg.eig(A.float())[0].dtype, torch.linalg.eigvals(A.float()))
S = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
ev = torch.linalg.eigvals(S)
ev.real.max().backward()
print(ev, S.grad)
B = torch.randn(2, 3, 3, dtype=torch.float64, requires_grad=True)
L, V = torch.linalg.eig(B)
(L.imag ** 2).sum().backward()
print(B.grad)
C = torch.randn(3, 3, dtype=torch.complex128, requires_grad=True)
L, V = torch.linalg.eig(C)
(L * L.conj()).real.sum().backward()
print(torch.view_as_real(C.grad).round(decimals=6) + 0.0)
for bad in [torch.tensor([[1., float('inf')], [0, 1]]), torch.ones(2, 2, dtype=torch.int64), torch.ones(2, 3)]:
    for f in (torch.linalg.eig, torch.linalg.eigvals):
        try:
            print(f(bad))
        except Exception as err:
            print(type(err).__name__, err)
import torch
torch.manual_seed(0)
print(torch.randn(3, dtype=torch.complex128))
print(torch.randn(2, 2, dtype=torch.complex64))
print(torch.rand(3, dtype=torch.complex64))
print(torch.randn(3))
z = torch.randn(10, dtype=torch.cfloat)
print(z)
print(torch.randn_like(z[:3]), torch.rand_like(z[:2]))
print(torch.empty(3, dtype=torch.complex64).normal_(1.0, 2.0))
print(torch.empty(2, dtype=torch.complex128).uniform_(-1, 1))
print(torch.randn(40, dtype=torch.complex128).abs().mean())
g = torch.Generator().manual_seed(3)
print(torch.randn(2, 2, dtype=torch.cdouble, generator=g))
