import torch
import torch.nn.functional as F

# an in-place op may write a result of a wider integer dtype back into self (torch's canCast)
u = torch.tensor([0, 7, 200], dtype=torch.uint8)
i8 = torch.tensor([1, -1, 100], dtype=torch.int8)
for name, f in [("u -= i8", lambda: u.clone().sub_(i8)), ("u += i8", lambda: u.clone().add_(i8)),
                ("i8 *= u", lambda: i8.clone().mul_(u)), ("i8 += i64", lambda: i8.clone().add_(torch.tensor([300, 1, 1]))),
                ("u += bool", lambda: u.clone().add_(torch.tensor([True, False, True]))),
                ("bool += u", lambda: torch.tensor([True, False, True]).add_(u)),
                ("i8 += float", lambda: i8.clone().add_(torch.tensor([0.5, 0.5, 0.5]))),
                ("float += complex", lambda: torch.ones(3).add_(torch.ones(3, dtype=torch.complex64))),
                ("half += double", lambda: torch.ones(3, dtype=torch.float16).add_(torch.ones(3, dtype=torch.float64) / 3)),
                ("i32 += i64", lambda: torch.ones(2, dtype=torch.int32).add_(torch.tensor([2**40, 1]))),
                ("u copy_ i8", lambda: u.clone().copy_(i8))]:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
z = u.clone()
z -= i8
print(z)
z = u.clone()
z[:] = i8
print(z)

# float16: a Python float divides in float32 and rounds once, in place as out of place
torch.manual_seed(0)
torch.set_printoptions(precision=6, linewidth=120)
for n in [7, 40]:
    h = (torch.randn(n) * 3).half()
    g = (torch.rand(n) + 0.5).half()
    print(h / 3.3, h.div(3.3), 2.2 / h, h - 0.7, 0.3 - h)
    print(F.leaky_relu_(h.clone(), 0.1), F.elu_(h.clone()), F.celu_(h.clone(), 0.5))
    z = h.clone()
    z /= 3.3
    print(z)
    print(h.clone().sigmoid_(), h.clone().mul_(3.3), h.clone().lerp_(g, 0.3))
    print(h.clone().addcmul_(h, g, value=0.1), h.clone().addcdiv_(h, g, value=0.3))
