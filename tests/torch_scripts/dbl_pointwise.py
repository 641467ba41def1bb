import torch
# Double backward of pointwise ops whose gradient records torch's formula under create_graph:
# asinh's grad * (self.pow(2) + 1).rsqrt(), acosh's (self * self - 1).rsqrt() (SubBackward1), atanh's
# grad / (1 - self.pow(2)), erf/erfc/erfinv's Scalar products (MulBackward1), addcmul/addcdiv's
# tensor * value (MulBackward1) and value / tensor (DivBackward0), xlogy's masked_fill over
# xlogy(grad, other), logit's 1 - self (SubBackward0) and var's self.mean() (MeanBackward0).
x = torch.tensor([0.3, -0.9, 1.5, 0.7], dtype=torch.float64, requires_grad=True)
y = torch.tensor([1.2, 0.4, 2.0, 0.8], dtype=torch.float64, requires_grad=True)


def walk(fn):
    if fn is None:
        return []
    return [fn.name()] + [n for nf, _ in fn.next_functions for n in walk(nf)]


ops = {
    "asinh": lambda: torch.asinh(x), "acosh": lambda: torch.acosh(y + 1), "atanh": lambda: torch.atanh(x / 2),
    "erf": lambda: torch.erf(x), "erfc": lambda: torch.erfc(x), "erfinv": lambda: torch.erfinv(x / 2),
    "addcmul": lambda: torch.addcmul(x, x, y, value=0.5), "addcdiv": lambda: torch.addcdiv(x, x, y + 1, value=-2.0),
    "xlogy": lambda: torch.xlogy(x, y), "logit": lambda: torch.logit(y / 3), "logit_eps": lambda: torch.logit(y / 3, 0.2),
    "var": lambda: x.var(), "var_dim": lambda: torch.stack([x, y]).var(1), "var_c0": lambda: x.var(correction=0),
}
for name, f in ops.items():
    out = f()
    gx, gy = torch.autograd.grad(out.sum(), (x, y), create_graph=True, allow_unused=True, materialize_grads=True)
    print(name, walk(gx.grad_fn) if gx.grad_fn else None, walk(gy.grad_fn) if gy.grad_fn else None)
    print("  g", gx.detach(), gy.detach())
    h = torch.autograd.grad((gx * gx).sum() + (gx * gy).sum(), (x, y), allow_unused=True, materialize_grads=True)
    print("  h", h)

# float32: the plain gradients of asinh and acosh are torch's bit for bit (the same formula and order)
u = torch.linspace(-5, 5, 101).requires_grad_(True)
print(torch.autograd.grad(torch.asinh(u).sum(), u)[0][::10].tolist())
v = torch.linspace(1.01, 9, 101).requires_grad_(True)
print(torch.autograd.grad(torch.acosh(v).sum(), v)[0][::10].tolist())
# xlogy's gradient in self is xlogy(grad, other): a zero gradient gives 0 where other is 0, not nan
a = torch.tensor([1.0, 0.0, 2.0, 0.0], requires_grad=True)
b = torch.tensor([0.0, 0.0, 3.0, -1.0], requires_grad=True)
print(torch.autograd.grad(torch.xlogy(a, b), (a, b), torch.tensor([0.0, 1.0, 0.0, 2.0])))
