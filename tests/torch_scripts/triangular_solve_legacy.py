import torch
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
torch.manual_seed(0)
A = torch.triu(torch.randn(3, 3)) + 3 * torch.eye(3)
A.requires_grad_()
b = torch.randn(3, 2, requires_grad=True)
for upper, transpose, unit in [(True, False, False), (True, True, False), (False, False, False), (False, True, True), (True, False, True)]:
    A.grad = None; b.grad = None
    s, c = torch.triangular_solve(b, A, upper=upper, transpose=transpose, unitriangular=unit)
    print(s, c.grad_fn is s.grad_fn, s.grad_fn)
    n = s.grad_fn
    print({a: (tuple(getattr(n, a).shape) if torch.is_tensor(getattr(n, a)) else getattr(n, a)) for a in dir(n) if a.startswith("_saved")})
    (s.pow(2).sum() + (c * c).sum()).backward()
    print(A.grad, b.grad)
r = torch.triangular_solve(b, A)
print(r)
print(r.solution.shape, r.cloned_coefficient.shape)
print(b.triangular_solve(A, upper=False).solution)
print(torch.triangular_solve(torch.randn(2, 3, 1), A).solution.shape)
g = torch.autograd.grad(torch.triangular_solve(b, A)[0].sum(), A, create_graph=True)[0]
print(g)
t(lambda: torch.triangular_solve(b[:, 0], A))
t(lambda: torch.triangular_solve(b, A[:2]))
t(lambda: torch.triangular_solve(torch.randn(2, 2), A))
