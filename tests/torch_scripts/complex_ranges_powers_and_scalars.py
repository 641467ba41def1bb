import torch

# linspace and logspace between complex ends, in the default complex dtype or the one asked for
for a, b, n, dt in [(0, 1j, 3, None), (1j, 2, 2, None), (0, 1j, 3, torch.complex128), (-1 + 2j, 3 - 0.7j, 7, None),
                    (0.1 + 0.3j, 5.5 - 2.25j, 100, None), (0.1 + 0.3j, 5.5 - 2.25j, 33, torch.complex128), (1 + 1j, 1 + 1j, 1, None),
                    (0, 1, 5, torch.complex64), (2j, -3j, 0, None)]:
    x = torch.linspace(a, b, n, dtype=dt)
    print(x.dtype, x.shape, torch.view_as_real(x).flatten().tolist()[:12], x.sum())
for a, b, n, base, dt in [(0, 1j, 2, 10.0, None), (0, 1j, 5, 10.0, None), (1 + 1j, -2j, 6, 2.0, None), (0, 2, 4, 10.0, torch.complex64),
                          (0.5j, 1.5, 3, 3.0, torch.complex128)]:
    print(torch.view_as_real(torch.logspace(a, b, n, base=base, dtype=dt)).flatten().tolist())
# an integer tensor to a complex power (and a complex number to an integer tensor's) is the default complex dtype
print(torch.tensor([2]) ** 1j, torch.tensor([2]) ** (1 + 0j), torch.pow(torch.tensor([2]), 1j), torch.tensor([True]) ** 1j)
print(torch.tensor([2], dtype=torch.int32) ** 1j, torch.tensor([2.], dtype=torch.float64) ** 1j, (1j ** torch.tensor([2])).dtype)
# float() and int() of a complex number without an imaginary part
print(float(torch.tensor(1 + 0j)), int(torch.tensor(2.7 + 0j)), bool(torch.tensor(0j)), complex(torch.tensor(1 + 2j)))
for call in (lambda: float(torch.tensor(1 + 2j)), lambda: int(torch.tensor(1 + 2j))):
    try:
        print(call())
    except RuntimeError as e:
        print("RuntimeError:", e)
