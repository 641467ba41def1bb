import torch

# requires_grad_() on an integer tensor words its error differently from
# the requires_grad= argument and the attribute setter.
idx = torch.arange(4)
try:
    idx.requires_grad_()
except RuntimeError as e:
    print(e)
try:
    idx.requires_grad = True
except RuntimeError as e:
    print(e)
