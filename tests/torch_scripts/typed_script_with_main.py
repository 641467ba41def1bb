import math
from typing import List, Optional, Tuple
import torch
from torch import Tensor


def rosenbrock(x: Tensor, a: float = 1.0, b: float = 100.0) -> Tensor:
    """Rosenbrock function."""
    return (a - x[0]) ** 2 + b * (x[1] - x[0] ** 2) ** 2


def train(steps: int, lr: float) -> Tuple[Tensor, List[float]]:
    x: Tensor = torch.tensor([-1.5, 2.0], requires_grad=True)
    history: List[float] = []
    opt = torch.optim.SGD([x], lr=lr)
    for step in range(steps):
        opt.zero_grad(set_to_none=True)
        loss = rosenbrock(x)
        loss.backward()
        opt.step()
        history.append(round(loss.item(), 4))
    return x.detach(), history


def main() -> None:
    x, hist = train(50, 1e-4)
    print(x, hist[:3], hist[-1])
    best: Optional[float] = None
    for v in hist:
        if best is None or v < best:
            best = v
    print(f"best={best:.4f}", math.isclose(best, min(hist)))
    assert len(hist) == 50, "bad length"
    g = torch.autograd.grad(rosenbrock(torch.tensor([1.0, 1.0], requires_grad=True)), [])  if False else None
    print(g)


if __name__ == "__main__":
    main()
