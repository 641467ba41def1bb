import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)


t = torch.empty_strided((2, 3), (1, 2))
print(t.stride(), t.is_contiguous(), t.shape, torch.empty_strided((2, 2), (2, 1), dtype=torch.float64).dtype)
t.fill_(1.5)
print(t, torch.empty_strided((0, 3), (3, 1)).shape)
print(torch.typename(torch.ones(2, dtype=torch.int64)), torch.typename(torch.ones(2, dtype=torch.float64)),
      torch.typename([1]), torch.typename(nn.Linear(1, 1)), torch.typename(torch.ones(1, dtype=torch.bool)),
      torch.typename(torch.ones(1, dtype=torch.complex64)), torch.typename(nn.Linear), torch.typename(3.5),
      torch.typename(Net()), torch.typename(torch.optim.SGD(Net().parameters(), lr=0.1)))
print(torch.is_warn_always_enabled())
x = torch.ones(2, requires_grad=True)
y = (x * 3).sum()
torch.set_warn_always(True)
print(torch.is_warn_always_enabled())
torch.set_warn_always(False)
print(torch.is_warn_always_enabled(), float(y.detach()))
try:
    torch.empty_strided((2, 3), (1,))
except Exception as e:
    print(type(e).__name__, e)
