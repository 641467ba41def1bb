# The determinant's gradient under create_graph (torch.autograd.grad(..., create_graph=True), hessian):
# torch takes the SVD formula there, so a singular matrix gets its cofactor matrix (not 0) and a
# Hessian; the plain backward gives 0 at a singular matrix. Values are rounded past the SVD's noise.
import torch
from torch.autograd.functional import hessian


def clean(t):
    return (t.detach() * 1e4).round() / 1e4 + 0.0


for rows in ([[1., 2.], [2., 4.]], [[0., 0.], [0., 0.]], [[1., 0.], [0., 0.]],
             [[2., 1., 0.], [4., 2., 0.], [1., 1., 1.]], [[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]]):
    A = torch.tensor(rows, dtype=torch.float64, requires_grad=True)
    g, = torch.autograd.grad(torch.det(A), A, create_graph=True)
    print("cofactors", clean(g), g.requires_grad)
    print("plain", torch.autograd.grad(torch.linalg.det(A), A)[0].abs())
A = torch.tensor([[1., 2.], [2., 4.]], requires_grad=True)
g, = torch.autograd.grad(torch.det(A), A, create_graph=True)
print(g.grad_fn.name(), clean(torch.autograd.grad(g[0, 0], A)[0]))
print("hessian", clean(hessian(torch.det, torch.tensor([[1., 2.], [2., 4.]]))))
print("batch", clean(torch.autograd.grad(torch.det(torch.stack([A, A + torch.eye(2)])).sum(), A, create_graph=True)[0]))
