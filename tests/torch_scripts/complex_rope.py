# Rotary position embeddings as LLaMA writes them: complex tensors from real pairs and back, with gradients.
import torch

torch.set_printoptions(precision=4)
dim, seq = 4, 3
freqs = 1.0 / (10000 ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
t = torch.arange(seq, dtype=torch.float32)
freqs = torch.outer(t, freqs)
freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
print(freqs_cis)
print(freqs_cis.dtype, freqs_cis.shape)

xq = torch.linspace(-1.0, 1.0, seq * dim).reshape(1, seq, dim).requires_grad_()
xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
print(xq_)
print(xq_.grad_fn.name())
xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(2)
print(xq_out)
print(xq_out.grad_fn.name(), xq_out.grad_fn.next_functions[0][0].name())
loss = (xq_out * torch.arange(seq * dim, dtype=torch.float32).reshape(1, seq, dim)).sum()
loss.backward()
print(xq.grad)

# complex parts, polar and their gradients
z = torch.tensor([1 + 2j, 3 - 1j, -0.5 + 0.25j], requires_grad=True)
print(z.real, z.imag, z.conj(), z.abs(), z.angle())
(z * z).real.sum().backward()
print(z.grad)
z.grad = None
(torch.exp(z) / (z + 1)).imag.sum().backward()
print(z.grad)
z.grad = None
(z.angle() + z.abs() ** 2).sum().backward()
print(z.grad)

r = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
theta = torch.tensor([0.3, -1.2, 2.5], requires_grad=True)
w = torch.polar(r, theta)
print(w)
(w * torch.tensor([2 - 1j, 0.5 + 1j, -1 + 0j])).real.sum().backward()
print(r.grad, theta.grad)

a = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
b = torch.tensor([0.25, 1.5, -3.0], requires_grad=True)
c = torch.complex(a, b)
print(c, c.grad_fn.name())
(c.conj() * c).real.sum().backward()
print(a.grad, b.grad)
