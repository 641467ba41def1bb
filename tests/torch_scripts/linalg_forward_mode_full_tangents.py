import torch
import torch.autograd.forward_ad as fwAD
from torch.func import jacfwd, jacrev, jvp

# linalg.cholesky's forward-mode rule reads the whole tangent dA: dL = L Phi(L^-1 dA L^-H), Phi the
# lower triangle with a halved diagonal. jacfwd pushes the basis matrices, which are not symmetric,
# so its Jacobian differs from jacrev's (the backward symmetrizes the gradient).
A = torch.tensor([[4., 2.], [2., 3.]])
print(jacfwd(torch.linalg.cholesky)(A))
print(jacrev(torch.linalg.cholesky)(A))
print(torch.autograd.functional.jacobian(torch.linalg.cholesky, A, strategy="forward-mode", vectorize=True))
print(jacfwd(lambda a: torch.linalg.cholesky(a, upper=True))(A))

B = torch.tensor([[[2., 1., 0.5], [1., 3., 1.], [0.5, 1., 4.]], [[5., 2., 1.], [2., 4., 0.5], [1., 0.5, 3.]]])
tB = torch.tensor([[0.1, 0., 0.2], [0.3, -0.1, 0.], [0., 0.1, 0.2]]).expand(2, 3, 3)
with fwAD.dual_level():
    L = torch.linalg.cholesky(fwAD.make_dual(B, tB))
    print(fwAD.unpack_dual(L).tangent)
    L, info = torch.linalg.cholesky_ex(fwAD.make_dual(B, tB + tB.mT))
    print(fwAD.unpack_dual(L).tangent, info)
print(jvp(lambda a: torch.linalg.cholesky(a).diagonal(0, -2, -1).log().sum() * 2, (B[0],), (tB[0],)))
print(jvp(torch.logdet, (B[0],), (tB[0],)))

# eigh's rule too reads the whole tangent: dL = diag(V^T dA V), dV = V ((V^T dA V) / (L_j - L_i))
S = torch.tensor([[4., 1.], [1., 3.]])
print(jacfwd(lambda a: torch.linalg.eigh(a).eigenvectors.abs())(S))
print(jacfwd(torch.linalg.eigvalsh)(S))
with fwAD.dual_level():
    vals, vecs = torch.linalg.eigh(fwAD.make_dual(B, tB))
    print(fwAD.unpack_dual(vals).tangent, fwAD.unpack_dual(vecs).tangent.abs())
