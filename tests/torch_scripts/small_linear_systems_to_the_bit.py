import torch
# 2x2 systems (a two-parameter Newton step, a 2x2 Hessian) print torch's last digits: solve, inv and
# det come from LAPACK's LU as MKL computes it (small matrices divide by the last pivot; X A = B solves A^T X^T = B^T)
def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
p = torch.tensor([-1.5, 2.0], requires_grad=True)
for i in range(5):
    f = rosen(p)
    g, = torch.autograd.grad(f, p, create_graph=True)
    H = torch.stack([torch.autograd.grad(g[j], p, retain_graph=True)[0] for j in range(2)])
    with torch.no_grad():
        p -= torch.linalg.solve(H, g)
    print(i, f.item(), g.tolist(), p.tolist())
print(torch.autograd.functional.hessian(rosen, p.detach()))
torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for n in (2, 3, 4, 5):
        A = torch.randn(n, n, dtype=dt)
        print(n, torch.linalg.det(A).item(), torch.linalg.lu_factor(A)[0].flatten().tolist())
    A = torch.randn(2, 2, dtype=dt)
    b = torch.randn(2, dtype=dt)
    print(torch.linalg.solve(A, b).tolist(), torch.linalg.inv(A).flatten().tolist(), torch.inverse(A).flatten().tolist())
    B = torch.randn(4, 2, 2, dtype=dt)
    C = torch.randn(4, 2, 3, dtype=dt)
    print(torch.linalg.solve(B, C).flatten().tolist())
    print(torch.linalg.solve(B, C[..., 0]).flatten().tolist(), torch.linalg.inv(B).flatten().tolist(), torch.linalg.det(B).tolist())
    print(torch.linalg.solve(A, torch.randn(3, 2, dtype=dt), left=False).flatten().tolist())
    S = torch.tensor([[1., 2.], [2., 4.]], dtype=dt)
    print(torch.linalg.det(S), torch.det(torch.zeros(2, 2, dtype=dt)), torch.det(torch.tensor([[0., 1.], [1., 0.]], dtype=dt)))
    for f in (lambda: torch.linalg.inv(S), lambda: torch.linalg.solve(S, torch.ones(2, dtype=dt))):
        try:
            f()
        except RuntimeError as e:
            print(e)
    P = torch.tensor([[0., 1.], [1., 0.]], dtype=dt)
    print(torch.linalg.solve(P, torch.tensor([3., 4.], dtype=dt)), torch.linalg.inv(P))
# slogdet's log|det| is the sum of the logs of the same LU diagonal
torch.manual_seed(1)
for dt in (torch.float32, torch.float64):
    for n in (1, 2, 4, 6):
        A = torch.randn(n, n, dtype=dt)
        s, l = torch.linalg.slogdet(A)
        print(n, s.item(), l.item(), torch.slogdet(A).logabsdet.item())
    print(torch.linalg.slogdet(torch.randn(3, 2, 2, dtype=dt)))
    print(torch.linalg.slogdet(torch.zeros(2, 2, dtype=dt)), torch.linalg.slogdet(torch.tensor([[0., 1.], [1., 0.]], dtype=dt)))
    print(torch.logdet(torch.tensor([[-1., 0.], [0., 2.]], dtype=dt)), torch.logdet(torch.tensor([[2., 1.], [1., 3.]], dtype=dt)))

# X A = B (left=False) with the same factors: getrs with trans
torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    for n in (2, 3, 4):
        A = torch.randn(n, n, dtype=dt); B = torch.randn(3, n, dtype=dt)
        print(n, torch.linalg.solve(A, B, left=False).flatten()[:5].tolist())
    A = torch.randn(4, 3, 3, dtype=dt); B = torch.randn(4, 2, 3, dtype=dt)
    print(torch.linalg.solve(A, B, left=False).flatten()[:6].tolist())
    print(torch.linalg.solve(A, B[0], left=False).flatten()[:6].tolist())
    P = torch.tensor([[0., 1.], [1., 0.]], dtype=dt)
    print(torch.linalg.solve(P, torch.tensor([[3., 4.]], dtype=dt), left=False))
    X = torch.randn(2, 2, dtype=dt, requires_grad=True)
    y = torch.linalg.solve(X, torch.ones(3, 2, dtype=dt), left=False)
    print(y, y.grad_fn)
