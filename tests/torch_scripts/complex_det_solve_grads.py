import torch

# Gradients through det and solve of complex matrices follow torch's convention (dL/dRe + i dL/dIm):
# for these holomorphic functions, the real formula conjugated around the incoming gradient.
A = torch.tensor([[1 + 1j, 2 - 0.5j], [0.5 + 0.25j, 1 - 1j]], requires_grad=True)
b = torch.tensor([[1. + 0.5j], [2j]], requires_grad=True)
x = torch.linalg.solve(A, b)
print(x, x.grad_fn.name())
x.abs().sum().backward()
print(A.grad, b.grad, sep="\n")

A.grad = None
d = torch.linalg.det(A)
print(d)
d.abs().backward()
print(A.grad)

A.grad = None
torch.det(A).real.backward()
print(A.grad)

B = torch.tensor([[2 + 1j, 0.5], [1j, 3 - 2j]], dtype=torch.complex128, requires_grad=True)
y = torch.linalg.solve(B, torch.ones(2, dtype=torch.complex128), left=True)
(y * y.conj()).real.sum().backward()
print(B.grad)

C = torch.tensor([[2 + 1j, 0.5 - 0.25j], [0.75 + 1j, 3 - 2j]], dtype=torch.complex128, requires_grad=True)
g, = torch.autograd.grad(torch.linalg.det(C).abs(), C, create_graph=True)
print(g.detach())
print(torch.autograd.grad(g.abs().sum(), C)[0])

