import torch
from torch.autograd.functional import jacobian

z = torch.tensor([1.0, 2.0, 0.5])
J = jacobian(lambda t: torch.softmax(t, dim=0), z)
print(J)
s = torch.softmax(z, 0)
print(torch.diag(s) - torch.outer(s, s))
print(torch.allclose(J, torch.diag(s) - torch.outer(s, s), atol=1e-6))
print(J.sum(dim=0))
J2 = jacobian(lambda t: torch.sigmoid(t), z)
print(J2)
