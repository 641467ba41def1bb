import torch

# Asking for the gradient of a graph that never required grad: torch checks
# the outputs first.
c = torch.tensor(5.0)
try:
    torch.autograd.grad(c * 2, c)
except RuntimeError as e:
    print(e)
try:
    (c * 2).backward()
except RuntimeError as e:
    print(e)
