# torch.linalg.slogdet (LinalgSlogdetBackward0, a named tuple), torch.slogdet and torch.logdet (NaN for a negative
# determinant), gradients and second derivatives.
import torch
A = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
s = torch.linalg.slogdet(A)
print(s, s.logabsdet.grad_fn.name())
l = torch.logdet(A)
print(l, l.grad_fn.name())
print(type(torch.slogdet(A)).__name__, A.slogdet().sign, A.logdet())
l.backward(); print(A.grad)
B = torch.tensor([[0., 1.], [1., 0.]], requires_grad=True)
print(torch.logdet(B), torch.linalg.slogdet(B))
W = torch.randn(2, 3, 3, dtype=torch.float64) + 3 * torch.eye(3, dtype=torch.float64)
W.requires_grad_()
print(torch.autograd.gradcheck(lambda a: torch.linalg.slogdet(a).logabsdet, (W,)),
      torch.autograd.gradgradcheck(lambda a: torch.logdet(a), (W,)))
