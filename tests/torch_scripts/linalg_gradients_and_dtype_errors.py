import torch
torch.manual_seed(5)
A = torch.randn(4, 4, dtype=torch.float64, requires_grad=True)
for name, f in [("matrix_norm", lambda A: torch.linalg.matrix_norm(A)),
                ("nuc", lambda A: torch.linalg.matrix_norm(A, ord='nuc')),
                ("norm2", lambda A: torch.linalg.matrix_norm(A, ord=2)),
                ("vector_norm", lambda A: torch.linalg.vector_norm(A, ord=3)),
                ("cond", lambda A: torch.linalg.cond(A)),
                ("pinv", lambda A: torch.linalg.pinv(A).sum()),
                ("matrix_power", lambda A: torch.linalg.matrix_power(A, 3).sum()),
                ("matrix_exp", lambda A: torch.linalg.matrix_exp(A).sum()),
                ("slogdet", lambda A: torch.linalg.slogdet(A)[1]),
                ("logdet", lambda A: torch.logdet(A @ A.T)),
                ("qr", lambda A: torch.linalg.qr(A)[1].diagonal().abs().sum()),
                ("eigvalsh", lambda A: torch.linalg.eigvalsh(A + A.T).sum()),
                ("svdvals", lambda A: torch.linalg.svdvals(A).sum()),
                ("cholesky", lambda A: torch.linalg.cholesky(A @ A.T + torch.eye(4)).sum()),
                ("solve_triangular", lambda A: torch.linalg.solve_triangular(A.triu() + 4 * torch.eye(4), torch.ones(4, 1), upper=True).sum()),
                ("lstsq", lambda A: torch.linalg.lstsq(A, torch.ones(4, 2, dtype=torch.float64)).solution.sum()),
                ("inv_ex", lambda A: torch.linalg.inv_ex(A).inverse.sum()),
                ("multi_dot", lambda A: torch.linalg.multi_dot([A, A, A]).sum()),
                ("cross", lambda A: torch.linalg.cross(A[:3, :3], A[1:, :3]).sum()),
                ("vander", lambda A: torch.linalg.vander(A[0]).sum()),
                ("tensorsolve", lambda A: torch.linalg.tensorsolve(A, torch.ones(4, dtype=torch.float64)).sum()),
                ("householder", lambda A: torch.linalg.householder_product(A, A[0, :3]).sum())]:
    A.grad = None
    out = f(A)
    out.backward()
    print(name, out.grad_fn.name() if out.grad_fn else None, round(out.item(), 8), round(A.grad.sum().item(), 9))
print(torch.linalg.matrix_rank(A.detach()), torch.linalg.norm(A.detach(), dim=1))
A = torch.randn(3, 3, dtype=torch.float64)
b = torch.ones(3, 2)
for f in [lambda: torch.linalg.lstsq(A, b), lambda: torch.linalg.lstsq(torch.ones(3, 3, dtype=torch.int64), b),
          lambda: torch.linalg.lstsq(torch.ones(3, 3, dtype=torch.int64), torch.ones(3, 2, dtype=torch.int64)),
          lambda: torch.linalg.lu_solve(*torch.linalg.lu_factor(A), torch.ones(3, 2, dtype=torch.int64)),
          lambda: torch.linalg.lu_solve(*torch.linalg.lu_factor(A), b), lambda: torch.linalg.solve(A, b),
          lambda: torch.cholesky_solve(b, A)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
