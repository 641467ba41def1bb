# det, inverse and solve of small matrices print what torch prints: its LU (MKL's getrf), the
# determinant as the product of the pivots, solve/inverse by its substitution order -- integer
# matrices give exact integers ("-2.", not "-2.0000"); and torch's checks, in torch's order.
import torch

for dt in (torch.float32, torch.float64):
    A = torch.tensor([[1., 2.], [3., 4.]], dtype=dt)
    print(torch.det(A), torch.linalg.det(A), A.det())
    print(torch.det(torch.tensor([[4., 3], [6, 3]], dtype=dt)))
    print(torch.det(torch.tensor([[2., 1, 1], [1, 3, 2], [1, 0, 0]], dtype=dt)))
    print(torch.det(torch.tensor([[1., 2, 3], [4, 5, 6], [7, 8, 10]], dtype=dt)))
    print(torch.det(torch.arange(1., 17, dtype=dt).reshape(4, 4) + torch.eye(4, dtype=dt)))
    print(torch.linalg.slogdet(A), torch.logdet(A @ A.T))
    print(torch.inverse(A), torch.linalg.inv(torch.tensor([[4., 7], [2, 6]], dtype=dt)))
    print(torch.linalg.solve(torch.tensor([[3., 1], [1, 2]], dtype=dt), torch.tensor([9., 8], dtype=dt)))
    M = torch.tensor([[2., 1, -1], [-3, -1, 2], [-2, 1, 2]], dtype=dt)
    print(torch.linalg.solve(M, torch.tensor([8., -11, -3], dtype=dt)), torch.linalg.inv(M))
    LU, piv = torch.linalg.lu_factor(M)
    print(torch.linalg.lu_solve(LU, piv, torch.tensor([[8.], [-11], [-3]], dtype=dt)))
    torch.manual_seed(0)
    R = torch.randn(3, 5, 5, dtype=dt)
    print(torch.det(R).tolist())
    print(torch.linalg.slogdet(R).logabsdet.tolist())
    print(torch.linalg.solve(R, torch.ones(3, 5, 2, dtype=dt)).sum().item(), torch.linalg.inv(R).sum().item())
    X = torch.tensor([[1., 2.], [3., 4.]], dtype=dt, requires_grad=True)
    d = torch.det(X)
    d.backward()
    print(d, X.grad)
    X.grad = None
    torch.linalg.inv(X).sum().backward()
    print(X.grad)

inf, nan = float("inf"), float("nan")
for A in (torch.tensor([[nan, 1.], [2., 3.]]), torch.tensor([[1., inf], [2., 3.]]), torch.zeros(2, 2),
          torch.tensor([[1., 2.], [2., 4.]]), torch.zeros(0, 0), torch.zeros(2, 0, 0)):
    print(torch.linalg.slogdet(A), torch.linalg.det(A))

for name, f in (("det", torch.det), ("slogdet", torch.linalg.slogdet), ("logdet", torch.logdet), ("inv", torch.inverse),
                ("inv_ex", torch.linalg.inv_ex), ("cholesky", torch.linalg.cholesky), ("eigh", torch.linalg.eigh),
                ("svd", torch.svd), ("matrix_rank", torch.linalg.matrix_rank),
                ("cond", torch.linalg.cond), ("cond fro", lambda A: torch.linalg.cond(A, "fro")),
                ("solve", lambda A: torch.linalg.solve(A, torch.ones(A.shape[-1] if A.ndim else 1, dtype=A.dtype)))):
    for A in (torch.ones(2, 3), torch.ones(3), torch.ones(2, 3, dtype=torch.long), torch.ones(3, dtype=torch.long),
              torch.ones(2, 2, dtype=torch.long), torch.eye(2, dtype=torch.half), torch.ones(2, 2, dtype=torch.bool)):
        try:
            f(A)
            print(name, "ok")
        except Exception as e:
            print(name, type(e).__name__, e)
for A in (torch.stack([torch.eye(2), torch.tensor([[1., 2.], [2., 4.]])]), torch.tensor([[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]])):
    try:
        torch.linalg.inv(A)
    except Exception as e:
        print(type(e).__name__, e)
