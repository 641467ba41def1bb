import torch

# x.view(dtype): the same bytes read as another dtype; another element size scales the last dim
x = torch.tensor([[1.0, -2.0, 3.5], [0.25, 0.0, -0.0]])
print(x.view(torch.int32), x.view(dtype=torch.int32), x.view(torch.int16), x.view(torch.float16), x.view(torch.uint8))
print(torch.ones(2, 4).view(torch.float64), torch.ones(2, 4).view(torch.complex64), torch.ones(2, 4).view(float))
print(torch.ones(2, 2, dtype=torch.complex64).view(torch.float32), torch.tensor([1, 2]).view(torch.float64))
print(torch.tensor([1, 0, 1], dtype=torch.uint8).view(torch.bool), torch.tensor([True, False]).view(torch.uint8))
print(torch.tensor(1.0).view(torch.int32), x.t().view(torch.int32), x.t().view(torch.int32).stride())
print(torch.ones(8)[2:].view(torch.float64), torch.tensor([-1, 200], dtype=torch.int16).view(torch.uint8))
v = torch.arange(6, dtype=torch.float32).view(2, 3).view(torch.int16)
print(v.shape, v.stride(), v.dtype)

# a view: storage and version counter shared, never differentiable
base = torch.zeros(3)
alias = base.view(torch.int32)
alias.add_(1065353216)
print(base, base._version, alias._version, alias._base is None)
leaf = torch.ones(4, requires_grad=True)
for dt in (torch.int32, torch.float32, torch.float16, torch.complex64):
    r = leaf.view(dt)
    print(dt, r.requires_grad, r.grad_fn, r.is_leaf)
try:
    (leaf.view(torch.float32) * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

# dtypes: to_complex / to_real and the properties
print(torch.float32.to_complex(), torch.float64.to_complex(), torch.complex64.to_complex(), torch.complex128.to_real(),
      torch.complex64.to_real(), torch.float32.to_real(), torch.int32.to_real(), torch.bool.to_real())
for d in (torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.float32,
          torch.float64, torch.complex64, torch.complex128):
    print(d, d.itemsize, d.is_floating_point, d.is_complex, d.is_signed)

# bad inputs: torch's errors
for name, f in [("upsize odd", lambda: x.view(torch.float64)),
                ("size 1", lambda: torch.ones(3, 1).view(torch.float64)),
                ("0-d", lambda: torch.tensor(1.0).view(torch.float16)),
                ("transposed", lambda: x.t().view(torch.float16)),
                ("strided", lambda: torch.ones(4, 4)[:, ::2].view(torch.float16)),
                ("offset", lambda: torch.ones(7)[1:].view(torch.float64)),
                ("row stride", lambda: torch.ones(3, 3)[:, :2].view(torch.float64)),
                ("int to_complex", lambda: torch.int32.to_complex()),
                ("bool to_complex", lambda: torch.bool.to_complex())]:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
