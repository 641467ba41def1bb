import torch

# torch.linalg.ldl_factor / ldl_factor_ex / ldl_solve of complex matrices: LAPACK's csytrf/csytrs
# (symmetric, pivoting on |Re| + |Im|) and, with hermitian=True, chetrf/chetrs (L D L^H, D's diagonal
# real), 1x1 and 2x2 pivots, complex64 and complex128, batches.
re = torch.tensor([[0.5, 3., -1., 2.], [3., 0.1, 4., -2.], [-1., 4., 0.2, 1.], [2., -2., 1., -0.3]], dtype=torch.float64)
im = torch.tensor([[1., -2., 0.5, 0.], [-2., 0.3, 1., 1.5], [0.5, 1., -1., 2.], [0., 1.5, 2., 0.7]], dtype=torch.float64)
A = torch.complex(re, im)
for dt in [torch.complex128, torch.complex64]:
    M = A.to(dt)
    LD, piv = torch.linalg.ldl_factor(M)
    print(LD, piv)
    B = torch.arange(8., dtype=torch.float64).reshape(4, 2).to(dt) * (1 + 0.5j)
    X = torch.linalg.ldl_solve(LD, piv, B)
    print(X)
    print((M @ X - B).abs().max() < 1e-4)
print(torch.linalg.ldl_factor(torch.tensor([[4., 1 + 1j], [1 + 1j, 3.]], dtype=torch.complex64)))
print(torch.linalg.ldl_factor(torch.tensor([[4., 1 + 1j], [1 - 1j, 3.]], dtype=torch.complex64), hermitian=True))
print(torch.linalg.ldl_factor_ex(torch.stack([A, A.conj(), A * 0])))
for seed in range(4):
    g = torch.Generator().manual_seed(seed)
    R = torch.complex(torch.rand(5, 5, generator=g, dtype=torch.float64),
                      torch.rand(5, 5, generator=g, dtype=torch.float64)) - (0.5 + 0.5j)
    for herm in (False, True):
        M = R + (R.conj().t() if herm else R.t())
        LD, piv, info = torch.linalg.ldl_factor_ex(M, hermitian=herm)
        print(seed, herm, piv.tolist(), info.item())
        print(LD)
        X = torch.linalg.ldl_solve(LD, piv, torch.eye(5, dtype=M.dtype) * (2 - 1j), hermitian=herm)
        print(X[:2])
        print((M @ X - torch.eye(5) * (2 - 1j)).abs().max().item() < 1e-9)
H = (R + R.conj().t()).to(torch.complex64)
LD, piv = torch.linalg.ldl_factor(H, hermitian=True)
print(LD, piv)
print(torch.linalg.ldl_solve(LD, piv, torch.ones(5, 1, dtype=torch.complex64), hermitian=True))
