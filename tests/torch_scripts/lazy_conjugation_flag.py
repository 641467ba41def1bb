import torch
# torch's conj() of a complex tensor is a lazy view: is_conj() is True until resolve_conj() copies it
z = torch.tensor([[1+2j, 3-1j], [0.5j, 2]], requires_grad=True)
c = z.conj()
print(c, c.is_conj(), c.grad_fn, z.is_conj())
print(c.conj().is_conj(), z.mH.is_conj(), z.H.is_conj(), z.adjoint().is_conj(), torch.is_conj(c))
r = c.resolve_conj()
print(r.is_conj(), r.grad_fn, z.resolve_conj() is z, c.conj_physical().is_conj(), torch.resolve_conj(c).is_conj())
print(torch.ones(2).conj().is_conj(), c.clone().is_conj(), (c * 1).is_conj())
x = torch.tensor([1+1j, 2-3j])
xc = x.conj()
print(xc.is_conj(), xc, xc.resolve_conj(), xc.real, xc.imag)
print(torch.view_as_real(xc.resolve_conj()))
try:
    torch.view_as_real(xc)
except RuntimeError as e:
    print(e)
loss = (c.resolve_conj() * z).real.sum()
loss.backward()
print(z.grad)
w = torch.tensor([1+1j], requires_grad=True)
(w * w.conj()).real.sum().backward()
print(w.grad)
