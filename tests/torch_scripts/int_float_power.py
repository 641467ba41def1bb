# An integer tensor to a float power gives the default float dtype (float32), as torch's type promotion.
import torch
for f in (lambda: torch.tensor([2]) ** 0.5, lambda: torch.tensor([2], dtype=torch.int32) ** 2, lambda: torch.tensor([2]) ** -1,
          lambda: torch.tensor([True, False]) ** 2, lambda: torch.tensor([True]) ** 0.5, lambda: torch.pow(torch.tensor([4, 9]), 0.5),
          lambda: torch.tensor([2], dtype=torch.uint8) ** 1.5, lambda: torch.tensor([2.], dtype=torch.float64) ** 0.5,
          lambda: torch.tensor([2.], dtype=torch.float16) ** 0.5, lambda: 2 ** torch.tensor([1, 2]), lambda: 2.5 ** torch.tensor([1, 2]),
          lambda: torch.tensor([2]).pow(2.0), lambda: torch.tensor([3]) ** True, lambda: torch.tensor([-8]) ** (1 / 3),
          lambda: torch.sqrt(torch.tensor([4])), lambda: torch.tensor([4]) ** torch.tensor(0.5),
          lambda: torch.tensor([2, 3]).float_power(2), lambda: torch.tensor([0]) ** -1.0):
    try:
        r = f()
        print(r, r.dtype)
    except Exception as e:
        print(type(e).__name__, e)
for f in (lambda: torch.tensor([4]).pow_(0.5), lambda: torch.tensor([4]).pow_(2)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
torch.set_default_dtype(torch.float64)
print(torch.tensor([2]) ** 0.5)
