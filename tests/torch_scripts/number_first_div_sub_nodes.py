# torch.div(number, x) divides (DivBackward0 saving the number as a 0-d float64 tensor), where
# number / x is reciprocal(x) * number (MulBackward0): the two differ in the last bit on a quarter
# of float32 inputs, and torch.div was computed as the reciprocal product. torch.sub(number, x) is
# SubBackward0; number - x stays rsub (RsubBackward1).
import torch

torch.manual_seed(0)
t = torch.randn(2000)
a = torch.div(3.7, t)
b = 3.7 / t
print((a != b).sum(), (a != t.reciprocal() * 3.7).sum(), (b != t.reciprocal() * 3.7).sum())
print(torch.div(2, t[:5]), torch.true_divide(2.5, t[:3]), torch.divide(-3, torch.tensor([1 + 0j, -2 + 0j])))
x = torch.tensor([2.0, 3.0], requires_grad=True)
y = torch.div(3.7, x)
print(y, y.grad_fn, y.grad_fn._saved_self, y.grad_fn._saved_other, (3.7 / x).grad_fn)
y.sum().backward()
print(x.grad)
print(torch.div(3, torch.tensor([2, 4])), torch.div(True, torch.tensor([2.0, 4.0])),
      torch.div(3, torch.tensor([2.0, 4.0], dtype=torch.float64)).dtype, torch.div(1j, torch.tensor([2.0, 4.0])))
x.grad = None
for y in [torch.sub(2.5, x), 2.5 - x, torch.subtract(2, x), 1 - x, torch.rsub(x, 2), 2 - x * 3]:
    y.sum().backward()
    print(y, y.grad_fn, x.grad)
    x.grad = None
print(torch.sub(2, torch.tensor([1, 2])), 2 - torch.tensor([1, 2], dtype=torch.int8), torch.sub(2.5, torch.tensor([1, 2])))
print(torch.sub(2, torch.tensor([1.0, 2.0]), alpha=2))
for f in [lambda: True - torch.tensor([1.0]), lambda: 1 - torch.tensor([True]), lambda: torch.sub(True, torch.tensor([1.0]))]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
