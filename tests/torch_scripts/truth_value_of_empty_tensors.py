# The truth value of a tensor with no elements is torch's own error, wherever Python asks for it
# (it said "with more than one value", which is the error of a tensor of two or more).
import torch

empty = torch.zeros(0)
attempts = [lambda: bool(empty), lambda: not empty, lambda: empty and 1, lambda: empty or 1,
            lambda: 1 if empty else 2, lambda: torch.is_nonzero(empty), lambda: bool(torch.ones(2, 0)),
            lambda: bool(torch.ones(2)), lambda: bool(torch.ones(1, 1)), lambda: [x for x in [1] if torch.zeros(0, 3)]]
for i, attempt in enumerate(attempts):
    try:
        print(i, attempt())
    except RuntimeError as e:
        print(i, type(e).__name__, e)
while torch.zeros(0):
    print("unreachable")
