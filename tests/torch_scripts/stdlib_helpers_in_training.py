# The standard-library helpers training scripts reach for: copy.deepcopy of the best weights,
# json for a result table, abc for a model interface, operator/functools for shapes, optional
# imports with a fallback, frozen dataclasses, and augmented |= &= <<= on masks and ints.
import copy
import json
import operator
import string
from abc import ABC, abstractmethod
from dataclasses import FrozenInstanceError, dataclass
from functools import reduce, wraps

import torch
import torch.nn as nn

try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
print("plotting:", plt is not None)


def logged(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        print(f"{fn.__name__}{tuple(a for a in args if isinstance(a, int))} -> {out:.4f}")
        return out
    return wrapper


class Regressor(nn.Module, ABC):
    @abstractmethod
    def features(self, x):
        ...

    def forward(self, x):
        return self.head(self.features(x)).squeeze(-1)


class Poly(Regressor):
    def __init__(self, degree):
        super().__init__()
        self.degree = degree
        self.head = nn.Linear(degree, 1)
        with torch.no_grad():
            self.head.weight.fill_(0.1)
            self.head.bias.zero_()

    def features(self, x):
        return torch.cat([x ** k for k in range(1, self.degree + 1)], dim=-1)


@dataclass(frozen=True)
class Config:
    lr: float = 0.05
    epochs: int = 4


cfg = Config()
try:
    cfg.lr = 1.0
except FrozenInstanceError as e:
    print(type(e).__name__, e)

x = torch.linspace(-1, 1, 8).unsqueeze(-1)
y = 1 - 2 * x.squeeze(-1) + x.squeeze(-1) ** 2
model = Poly(2)
opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)


@logged
def epoch(i):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


best, best_state, history = float("inf"), None, {}
for i in range(cfg.epochs):
    loss = epoch(i)
    history[f"epoch_{i}"] = round(loss, 5)
    if loss < best:
        best, best_state = loss, copy.deepcopy(model.state_dict())
with torch.no_grad():
    model.head.weight.mul_(0.0)
model.load_state_dict(best_state)
print(json.dumps(history, indent=2))
print(json.dumps({"best": round(best, 5), "weight": [round(w, 5) for w in model.head.weight.flatten().tolist()]}, sort_keys=True))
print(epoch.__name__, reduce(operator.mul, model.head.weight.shape), string.ascii_uppercase[:3])

mask = torch.tensor([True, False, False])
mask |= torch.tensor([False, True, False])
mask &= torch.tensor([True, True, True])
flags = 1
flags <<= 3
flags |= 1
print(mask, flags, sorted(history.items(), key=operator.itemgetter(1))[0])
