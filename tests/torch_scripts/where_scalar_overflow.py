# A number beside a tensor in torch.where is written into the result dtype as torch fills a
# one-element tensor: checked for integers (int8's 300 is an error, uint8's -1 is 255), through a
# double for float16 (1e6 is inf); an integer alpha of add/sub is checked against the result dtype.
import torch

c = torch.tensor([True, False, True])
i8 = torch.tensor([1, 2, 3], dtype=torch.int8)


def show(label, f):
    try:
        r = f()
        print(label, r, r.dtype)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)


show("where(c, int8, 300)", lambda: torch.where(c, i8, 300))
show("where(c, 300, int8)", lambda: torch.where(c, 300, i8))
show("where(c, int8, -129)", lambda: torch.where(c, i8, -129))
show("where(c, int8, 127)", lambda: torch.where(c, i8, 127))
show("where(c, uint8, -1)", lambda: torch.where(c, i8.to(torch.uint8), -1))
show("where(c, int16, 70000)", lambda: torch.where(c, i8.short(), 70000))
show("where(c, half, 1e6)", lambda: torch.where(c, i8.half(), 1e6))
show("where(c, float, 1e39)", lambda: torch.where(c, i8.float(), 1e39))
show("where(c, int8, 1e39)", lambda: torch.where(c, i8, 1e39))
show("where(c, int8, 2.5)", lambda: torch.where(c, i8, 2.5))
show("where(c, bool, 300)", lambda: torch.where(c, c, 300))
show("where(c, int8 0-d, 300)", lambda: torch.where(c, i8[0], 300))
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.where(c, x, 0)
y.sum().backward()
print(y, x.grad)

show("add(int8, 3, alpha=100)", lambda: torch.add(i8, 3, alpha=100))
show("add(int8, 3, alpha=300)", lambda: torch.add(i8, 3, alpha=300))
show("sub(int8, 1, alpha=300)", lambda: i8.sub(1, alpha=300))
show("sub(int8, int8, alpha=128)", lambda: i8.sub(i8, alpha=128))
show("sub(int8, int8, alpha=-128)", lambda: i8.sub(i8, alpha=-128))
show("add(uint8, uint8, alpha=-1)", lambda: torch.add(i8.byte(), i8.byte(), alpha=-1))
show("rsub(int8, 1, alpha=300)", lambda: torch.rsub(i8, 1, alpha=300))
