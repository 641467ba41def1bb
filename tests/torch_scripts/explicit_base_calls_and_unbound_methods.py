# Older code calls a base class explicitly (nn.Module.__init__(self), Base.forward(self, x),
# Exception.__init__(self, msg)) and passes methods read on a class (key=torch.Tensor.item).
import torch
import torch.nn as nn
class MyError(Exception):
    def __init__(self, msg, code):
        Exception.__init__(self, msg)
        self.code = code
try:
    raise MyError("boom", 3)
except MyError as e:
    print("caught", e, e.code)
class Base(nn.Module):
    def __init__(self, n):
        nn.Module.__init__(self)
        self.lin = nn.Linear(n, 1)
    def forward(self, x):
        return self.lin(x)
class Child(Base):
    def __init__(self):
        Base.__init__(self, 3)
        self.extra = nn.ReLU()
    def forward(self, x):
        return self.extra(Base.forward(self, x))
torch.manual_seed(0)
c = Child()
print(c, c(torch.ones(2, 3)))
print(torch.Tensor.add(torch.ones(2), torch.ones(2)), torch.Tensor.mul(torch.ones(2), 3))
print(nn.Module.train(c, False).training, c.training)
print(sorted([torch.tensor(2.), torch.tensor(1.)], key=torch.Tensor.item))
for bad in (lambda: torch.Tensor.add(3, 4), lambda: torch.Tensor.add()):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
print(torch.Tensor.add)
