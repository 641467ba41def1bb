# real, imag, angle and conj_physical on real tensors, and the parts of complex eigenvalues.
import torch

x = torch.tensor([1.0, -2.0, 0.0], requires_grad=True)
print(x.real is x, torch.real(x) is x, x.real, torch.is_complex(x))
print(torch.conj_physical(x) is x, x.conj_physical() is x)
a = torch.angle(x)
print(a, a.grad_fn)
a.sum().backward()
print(x.grad)
print(x.angle(), torch.angle(torch.tensor([1, -2, 0])), torch.angle(torch.tensor([float("nan"), -0.0, -1e-30])))
print(torch.angle(torch.tensor([-1.0], dtype=torch.float64)), torch.angle(torch.tensor([True])))
c = torch.linalg.eigvals(torch.tensor([[2.0, 0.0], [0.0, -3.0]]))
print(c.real, c.imag, c.real.dtype, c.angle())
for f in (lambda: x.imag, lambda: torch.imag(x)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
