import torch

# integer division by zero is an error, not 0 (floats give inf and nan)
i = torch.tensor([7, -3])
print(i // 2, i % 2, torch.fmod(i, 2), i.div(2, rounding_mode="trunc"))
print(torch.tensor([1.0, -1.0]) // 0, torch.tensor([1.0, -1.0]) % 0)
for name, fn in [("floor_divide", lambda: i // 0), ("remainder", lambda: i % torch.tensor([0, 1])),
                 ("fmod", lambda: torch.fmod(i, 0)), ("div floor", lambda: i.div(0, rounding_mode="floor")),
                 ("div trunc", lambda: i.div(0, rounding_mode="trunc"))]:
    try:
        print(name, fn())
    except RuntimeError as err:
        print(name, "RuntimeError:", err)

# '-' refuses bool tensors; diff of a bool tensor is its neighbours' xor
b = torch.tensor([True, False, False])
for name, fn in [("neg", lambda: -b), ("sub", lambda: b - b), ("sub int", lambda: b - 1), ("rsub", lambda: 1 - b)]:
    try:
        print(name, fn())
    except RuntimeError as err:
        print(name, "RuntimeError:", err)
print(b.diff())

# var/std of integers and topk of bools are refused
for name, fn in [("var", lambda: i.var()), ("std", lambda: i.std()), ("var_mean", lambda: torch.var_mean(i)),
                 ("std_mean", lambda: torch.std_mean(i)), ("topk", lambda: b.topk(1)), ("norm", lambda: i.norm()),
                 ("matrix_norm", lambda: torch.linalg.matrix_norm(i[None])),
                 ("det", lambda: torch.linalg.det(torch.eye(2, dtype=torch.int64))),
                 ("inv", lambda: torch.linalg.inv(torch.eye(2, dtype=torch.int64))),
                 ("cdist", lambda: torch.cdist(i[None].float(), i[None]))]:
    try:
        print(name, fn())
    except RuntimeError as err:
        print(name, "RuntimeError:", err)

# cat and stack promote as torch: int64 with float32 is float32
x = torch.ones(2, requires_grad=True)
y = torch.cat([torch.tensor([1, 2]), x])
print(y, torch.stack([torch.tensor([1, 2]), x.detach()]).dtype, torch.cat([b, i[:1]]).dtype)
z = torch.cat([x, torch.ones(2, dtype=torch.float64)])
z.sum().backward()
print(z.dtype, x.grad)
