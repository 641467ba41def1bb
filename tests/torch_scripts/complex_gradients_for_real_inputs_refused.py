import torch
# A custom Function's backward (or a node's hook) that gives a complex gradient for a real input is
# refused by torch's engine; gradcli cast it, dropped the imaginary part and exited 0. A float gradient
# for a complex input, or another real dtype, is cast as before.


def with_grad(dtype, x_dtype):
    class F(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return torch.ones(1, dtype=dtype)
    x = torch.ones(1, dtype=x_dtype, requires_grad=True)
    F.apply(x).backward(torch.ones(1, dtype=x_dtype))
    return x.grad


for dtype, x_dtype in [(torch.complex64, torch.float32), (torch.complex128, torch.float64), (torch.int64, torch.complex64),
                       (torch.bool, torch.complex64), (torch.float64, torch.complex64), (torch.int64, torch.float32),
                       (torch.bool, torch.float32), (torch.complex128, torch.complex64), (torch.float16, torch.float32)]:
    try:
        print(dtype, x_dtype, with_grad(dtype, x_dtype))
    except RuntimeError as e:
        print(dtype, x_dtype, "RuntimeError:", str(e).split("\n")[0])

x = torch.ones(1, requires_grad=True)
y = x * 2
y.grad_fn.register_hook(lambda gi, go: (gi[0] * 1j,))
try:
    y.backward()
except RuntimeError as e:
    print("node hook:", str(e).split("\n")[0])
for make in [lambda g: g * 1j, lambda g: g.to(torch.complex128), lambda g: g.bool(), lambda g: g.int()]:
    x = torch.ones(1, requires_grad=True)
    y = x * 2
    y.register_hook(make)
    try:
        y.backward()
    except RuntimeError as e:
        print("tensor hook:", str(e).split("\n")[0])
z = torch.ones(1, dtype=torch.complex64, requires_grad=True)
w = z * 2
w.register_hook(lambda g: g.real)
try:
    w.backward(torch.ones(1, dtype=torch.complex64))
except RuntimeError as e:
    print("tensor hook:", str(e).split("\n")[0])
