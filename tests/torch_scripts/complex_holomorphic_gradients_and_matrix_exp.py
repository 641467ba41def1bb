import torch
z = torch.tensor([1 + 2j, -0.5 + 0.25j, 3 - 1j], requires_grad=True)
print(z, z.dtype)
for name, f in [("abs", lambda z: z.abs().sum()), ("angle", lambda z: z.angle().sum()),
                ("exp", lambda z: z.exp().real.sum()), ("log", lambda z: z.log().imag.sum()),
                ("sqrt", lambda z: z.sqrt().abs().sum()), ("sin", lambda z: z.sin().real.sum()),
                ("tanh", lambda z: z.tanh().imag.sum()), ("sigmoid", lambda z: torch.sigmoid(z).real.sum()),
                ("pow", lambda z: (z ** 3).real.sum()), ("pow2", lambda z: z.pow(2.5).imag.sum()),
                ("recip", lambda z: (1 / z).real.sum()), ("div", lambda z: (z / (z + 1)).imag.sum()),
                ("mulconj", lambda z: (z * z.conj()).real.sum()), ("sgn", lambda z: z.sgn().real.sum()),
                ("norm", lambda z: torch.linalg.norm(z)), ("vdot", lambda z: torch.vdot(z, z).real),
                ("cumsum", lambda z: z.cumsum(0).abs().sum()), ("prod", lambda z: z.prod().real),
                ("mean", lambda z: z.mean().imag), ("dot", lambda z: torch.dot(z, z).real),
                ("outer", lambda z: torch.outer(z, z).abs().sum()), ("matmul", lambda z: (z @ z).imag),
                ("real_imag", lambda z: (z.real * z.imag).sum()), ("view_as_real", lambda z: torch.view_as_real(z).pow(2).sum()),
                ("abs2", lambda z: (z.abs() ** 2).sum()), ("log_abs", lambda z: z.abs().log().sum()),
                ("acos", lambda z: z.acos().real.sum()), ("asinh", lambda z: z.asinh().imag.sum()),
                ("rsqrt", lambda z: z.rsqrt().real.sum()), ("log10", lambda z: z.log10().real.sum()),
                ("expm1", lambda z: z.expm1().imag.sum()), ("cosh", lambda z: z.cosh().real.sum()),
                ("flip", lambda z: (z.flip(0) * z).real.sum()), ("where", lambda z: torch.where(z.real > 0, z, 2 * z).imag.sum())]:
    z.grad = None
    try:
        out = f(z)
        out.backward()
        print(name, out.grad_fn.name(), round(out.item(), 5), (torch.view_as_real(z.grad) * 10000).round() / 10000 + 0.0)
    except Exception as e:
        print(name, type(e).__name__, e)
z = torch.tensor([[1 + 2j, 3 - 1j], [0.5j, 2 + 0j]], dtype=torch.complex128)
print(torch.linalg.matrix_exp(z))
print(torch.matrix_exp(z * 0.1))
print(torch.linalg.matrix_exp(torch.tensor([[0.0, 1.0], [-1.0, 0.0]], dtype=torch.complex128)))
