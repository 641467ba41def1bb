import torch

A = torch.tensor([[4.0, 1, 2, 0.5], [1, -3, 0.2, 1], [2, 0.2, 0.1, 3], [0.5, 1, 3, 2]], dtype=torch.float64)
LD, pivots = torch.linalg.ldl_factor(A)
print(LD, pivots, sep="\n")
B = torch.tensor([[0.0, 1, 2], [1, 0, 3], [2, 3, 0]])
print(torch.linalg.ldl_factor(B))
print(torch.linalg.ldl_factor_ex(B, hermitian=True))
print(torch.linalg.ldl_factor_ex(torch.zeros(3, 3)))
print(torch.linalg.ldl_factor(torch.zeros(0, 0)))

rhs = torch.tensor([[1.0, 2], [3, 4], [5, 6], [7, 8]], dtype=torch.float64)
x = torch.linalg.ldl_solve(LD, pivots, rhs)
print(x, torch.allclose(A @ x, rhs))
LDb, pb = torch.linalg.ldl_factor(torch.stack([B, 2 * B + torch.eye(3)]))
print(pb, torch.linalg.ldl_solve(LDb, pb, torch.ones(3, 1)).flatten())
print(torch.linalg.ldl_solve(LDb, pb.long(), torch.ones(2, 3, 2), hermitian=True)[1])

S = torch.cos(torch.arange(36, dtype=torch.float64) ** 2).reshape(6, 6)
S = S + S.T
f = torch.linalg.ldl_factor_ex(S)
print(f.pivots, f.info, f.LD.diagonal())

Ar = A.clone().requires_grad_()
out = torch.linalg.ldl_factor(Ar)
print(out.LD.grad_fn, out.LD.requires_grad, out.pivots.requires_grad)
rg = rhs.clone().requires_grad_()
print(torch.linalg.ldl_solve(LD, pivots, rg).grad_fn)

bad_calls = [
    lambda: out.LD.sum().backward(),
    lambda: torch.linalg.ldl_solve(LD, pivots, rg).sum().backward(),
    lambda: torch.linalg.ldl_factor(torch.zeros(3, 3)),
    lambda: torch.linalg.ldl_factor_ex(torch.zeros(3, 3), check_errors=True),
    lambda: torch.linalg.ldl_factor(torch.zeros(3, 2)),
    lambda: torch.linalg.ldl_factor(torch.zeros(3)),
    lambda: torch.linalg.ldl_factor(torch.zeros(3, 3, dtype=torch.long)),
    lambda: torch.linalg.ldl_factor(torch.zeros(3, 3, dtype=torch.half)),
    lambda: torch.linalg.ldl_solve(LD, pivots, rhs.float()),
    lambda: torch.linalg.ldl_solve(LD, pivots, rhs[:3]),
    lambda: torch.linalg.ldl_solve(LD, pivots[:3], rhs),
    lambda: torch.linalg.ldl_solve(LD, pivots, rhs[:, 0]),
    lambda: torch.linalg.ldl_solve(LD.long(), pivots, rhs.long()),
    lambda: torch.linalg.ldl_solve(LD.half(), pivots, rhs.half()),
]
for bad in bad_calls:
    try:
        bad()
    except (RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)
