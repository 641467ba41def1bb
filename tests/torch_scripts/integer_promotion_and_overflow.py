import torch
a = torch.tensor([1, 2, 3])
b = torch.tensor([1, 2, 3], dtype=torch.int32)
u = torch.tensor([250, 5], dtype=torch.uint8)
f16 = torch.tensor([1.5], dtype=torch.float16)
for name, f in [("a*1.5", lambda: a * 1.5), ("a/2", lambda: a / 2), ("a//2", lambda: a // 2), ("b+a", lambda: b + a),
                ("u+10", lambda: u + 10), ("u*2", lambda: u * 2), ("u-6", lambda: u - 6), ("a**2", lambda: a ** 2),
                ("a**-1", lambda: a ** -1), ("a**0.5", lambda: a ** 0.5), ("2**a", lambda: 2 ** a), ("a.pow(-2)", lambda: a.pow(-2)),
                ("true", lambda: torch.tensor([True]) + torch.tensor([True])), ("bool*2.5", lambda: torch.tensor([True, False]) * 2.5),
                ("b*f16", lambda: b * f16), ("f16*2.0", lambda: f16 * 2.0), ("f16+f32", lambda: f16 + torch.tensor([1.0])),
                ("0dim", lambda: torch.tensor(2.0, dtype=torch.float64) * torch.tensor([1.0])), ("int0dim", lambda: torch.tensor(2) * torch.tensor([1.5])),
                ("a%-2", lambda: a % -2), ("neg//", lambda: torch.tensor([-5, 5]) // torch.tensor([2, -2])),
                ("intdiv0", lambda: a // 0), ("intmod0", lambda: a % 0), ("float/0", lambda: a / 0),
                ("a.float()/0", lambda: torch.tensor([0.0, 1.0, -1.0]) / 0), ("abs_min", lambda: torch.tensor([-2**63]).abs()),
                ("u.neg", lambda: -u), ("sum_u", lambda: u.sum()), ("mean_int", lambda: a.float().mean()),
                ("bitand", lambda: a & 1), ("shift", lambda: a >> 1), ("cmp", lambda: a > 1.5), ("a.max", lambda: torch.max(a, b)),
                ("clamp_int", lambda: a.clamp(min=1.5)), ("int_sqrt", lambda: a.sqrt()), ("int_exp", lambda: torch.exp(b)),
                ("i8ovf", lambda: torch.tensor([127], dtype=torch.int8) + 1), ("sum_bool", lambda: torch.tensor([True, True]).sum()),
                ("cumsum_int32", lambda: b.cumsum(0)), ("prod_u8", lambda: u.prod()), ("argmax", lambda: u.argmax()),
                ("round_int", lambda: a.round()), ("floor_int", lambda: a.floor()), ("sign", lambda: torch.tensor([-3, 0, 4]).sign()),
                ("where", lambda: torch.where(a > 1, a, 0.5)), ("fill", lambda: torch.full((2,), 3).dtype),
                ("arange_f", lambda: torch.arange(0, 1, 0.25).dtype), ("arange_i", lambda: torch.arange(5.0).dtype)]:
    try:
        r = f()
        print(name, r, getattr(r, "dtype", None))
    except Exception as e:
        print(name, type(e).__name__, e)
print(torch.tensor([250, 5], dtype=torch.uint8).prod(dtype=torch.uint8), torch.tensor([[2, 3]], dtype=torch.int16).prod(1, keepdim=True), torch.tensor([[250, 2]], dtype=torch.uint8).prod(1))
