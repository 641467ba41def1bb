# Assigning .grad by hand: torch checks the dtype, then the size.
import torch

x = torch.ones(2, 3, requires_grad=True)
for g in (torch.ones(3, 2), torch.ones(2, 3, dtype=torch.int64), torch.ones(2, 3, dtype=torch.float64),
          torch.ones(()), torch.ones(3, dtype=torch.float16)):
    try:
        x.grad = g
    except RuntimeError as e:
        print("RuntimeError:", e)
x.grad = torch.full((2, 3), 0.5)
print(x.grad)
y = torch.ones(2, dtype=torch.float64, requires_grad=True)
try:
    y.grad = torch.ones(2)
except RuntimeError as e:
    print("RuntimeError:", e)

# The version error names a view's grad_fn as torch regenerates it after its base changed.
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a * 2
v = b[:2]
c = v.sin()
b.zero_()
try:
    c.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
