import torch
# a real loss of complex values: each gradient is torch's formula on the conjugated saved values
# (grad * other.conj()), zeros with their signs
z = torch.tensor([1 + 0j, 0j, 2 - 1j, -0.5 + 0.25j], requires_grad=True)
w = torch.tensor([3 + 0j, 1j, 0.5 + 0j, 2 + 2j], requires_grad=True)
r = torch.tensor([1.0, -2.0, 0.0, 0.5], requires_grad=True)
for name, f in {"z*w": lambda: (z * w).real.sum(), "z*r": lambda: (z * r).abs().sum(), "z*2j": lambda: (z * 2j).imag.sum(),
                "z+w": lambda: (z + w).abs().sum(), "z-w": lambda: (z - w).real.sum(),
                "z.sin()": lambda: z.sin().real.sum(), "z.cos()": lambda: z.cos().imag.sum(), "tanh": lambda: z.tanh().abs().sum(),
                "sigmoid": lambda: z.sigmoid().real.sum(), "log": lambda: (z + 3).log().imag.sum(), "sqrt": lambda: (z + 3).sqrt().real.sum(),
                "pow": lambda: (z ** 3).real.sum(), "mm": lambda: (z.reshape(2, 2) @ w.reshape(2, 2)).real.sum(),
                "mean": lambda: (z * w).mean().real, "cumsum": lambda: (z * w).cumsum(0).imag.sum(), "reciprocal": lambda: (z + 3).reciprocal().real.sum(),
                "conj": lambda: (z.conj() * w).imag.sum(), "where": lambda: torch.where(r > 0, z, w).real.sum(), "expm1": lambda: z.expm1().real.sum()}.items():
    g = torch.autograd.grad(f(), (z, w, r), allow_unused=True)
    print(name, g)
