import torch

# The gradient of det at an exactly singular matrix (outside create_graph): torch solves with the LU
# factors, zero pivots nudged to eps, and a right side of g*det = +-0, so the gradient is zeros whose
# signs come from that solve. Here matrices where the signs are known to match torch's.
for M in ([[1., 2.], [2., 4.]], [[0., 0.], [0., 0.]], [[2., 1.], [0., 0.]], [[0., 1.], [0., 1.]],
          [[-1., 2.], [2., -4.]], [[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]]):
    for g in (1.0, -3.0):
        A = torch.tensor(M, requires_grad=True)
        d = torch.det(A)
        (d * g).backward()
        B = torch.tensor(M, requires_grad=True)
        e = torch.linalg.det(B.t())
        (e * g).backward()
        print(d, A.grad, B.grad, sep="\n")

A = torch.tensor([[3., 6.], [1., 2.]], dtype=torch.float64, requires_grad=True)
torch.det(A).backward()
print(A.grad)

# a batch: the invertible matrix gets det * inv(A)^T, the singular one the signed zeros
S = torch.stack([torch.eye(2) * 2, torch.tensor([[1., 2.], [2., 4.]])]).requires_grad_()
torch.det(S).sum().backward()
print(S.grad)

# under create_graph torch takes its SVD formula: the cofactors
C = torch.tensor([[1., 2.], [2., 4.]], requires_grad=True)
g, = torch.autograd.grad(torch.det(C), C, create_graph=True)
print(torch.allclose(g, torch.tensor([[4., -2.], [-2., 1.]]), atol=1e-5), g.grad_fn.name())
