import torch

# Random complex tensors draw torch's stream through their real view: randn gives each of the real
# and imaginary parts a standard deviation of 1/sqrt(2) (they had a zero imaginary part), rand fills
# both parts uniformly; the short (scalar) and long (vectorised) fills both match.
torch.manual_seed(0)
print(torch.randn(2, dtype=torch.cfloat))
print(torch.randn(3, 3, dtype=torch.complex64))
print(torch.randn(9, dtype=torch.cdouble))
a = torch.randn(20, dtype=torch.cfloat)
print(a[:3], a[-3:])
print(torch.randn(4))
z = torch.zeros(3, dtype=torch.cfloat)
print(torch.randn_like(z))
print(torch.rand(3, dtype=torch.cfloat))
print(torch.rand_like(z))
print(torch.randn(2, 2, dtype=torch.cfloat, requires_grad=True))
torch.set_printoptions(precision=8)
print(torch.randn(2, 5, dtype=torch.cfloat))
print(torch.randn(12, dtype=torch.cdouble)[-2:])
print(torch.rand(10, dtype=torch.cdouble)[-2:])
