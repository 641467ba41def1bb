import torch
import torch.nn as nn

x = torch.sin(torch.arange(2 * 7 * 3 * 4, dtype=torch.float32) * 0.9).reshape(2, 7, 3, 4).requires_grad_()
lrn = nn.CrossMapLRN2d(3, alpha=0.1, beta=0.75, k=1.0)
y = lrn(x)
print(lrn, nn.CrossMapLRN2d(5), y.grad_fn, y.grad_fn.name(), y.grad_fn.next_functions[0][0].variable.shape)
print(y[0, :, 0, 0], y[1, :, 2, 3])

weights = torch.cos(torch.arange(2 * 7 * 3 * 4, dtype=torch.float32) * 0.31).reshape(2, 7, 3, 4)
(y * weights).sum().backward()
print(x.grad[0, :, 1, 1], x.grad[1, :, 0, 2])

for channels, size in ((7, 2), (7, 4), (7, 5), (4, 7), (9, 4), (1, 3), (6, 6)):
    z = torch.cos(torch.arange(2 * channels * 2 * 2, dtype=torch.float64) * 0.77).reshape(2, channels, 2, 2)
    z.requires_grad_()
    out = nn.CrossMapLRN2d(size, alpha=0.5, beta=0.6, k=2.0)(z)
    (out * out.detach().flip(1)).sum().backward()
    print(channels, size, out[1, :, 0, 1], z.grad[0, :, 1, 0])

print(lrn(x.detach()).grad_fn, lrn(x.double()).dtype)
with torch.no_grad():
    print(lrn(x).grad_fn)

bad_calls = [
    lambda: lrn(x[0]),
    lambda: lrn(x.long()),
    lambda: torch.autograd.grad(nn.CrossMapLRN2d(1)(x).sum(), x),
    lambda: torch.autograd.grad(lrn(x).pow(2).sum(), x, create_graph=True),
]
for bad in bad_calls:
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
