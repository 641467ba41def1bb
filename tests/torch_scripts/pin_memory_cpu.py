# Tensor.pin_memory on a CPU-only build: torch refuses (there is no accelerator); is_pinned is False.
import torch

x = torch.ones(2)
print(x.is_pinned())
try:
    x.pin_memory()
except RuntimeError as e:
    print("RuntimeError", e)
batch = x.pin_memory() if torch.cuda.is_available() else x
print(batch)
