import torch
import torch.nn as nn
cases = [
    lambda: nn.Linear(3, 2)(torch.ones(4, 5)),
    lambda: torch.ones(3, requires_grad=True).mul(2).backward(),
    lambda: torch.ones(3, requires_grad=True).add_(1),
    lambda: torch.autograd.grad(torch.ones(3).sum(), torch.ones(3)),
    lambda: nn.CrossEntropyLoss()(torch.ones(2, 3), torch.ones(2, 3).long()),
    lambda: torch.ones(2, requires_grad=True).numpy(),
    lambda: torch.ones(2).item(),
    lambda: torch.ones(2)[5],
    lambda: torch.ones(2, 3).t().view(6),
    lambda: torch.ones(2, 3) + torch.ones(3, 2),
    lambda: torch.cat([torch.ones(2, 3), torch.ones(3, 2)]),
    lambda: torch.ones(2, 3).reshape(4, 2),
    lambda: torch.ones(2, 3).sum(dim=2),
    lambda: nn.MSELoss()(torch.ones(2, 1), torch.ones(2, 1, dtype=torch.float64)),
    lambda: torch.tensor([1, 2]).mean(),
    lambda: torch.ones(2, 2).squeeze(3),
    lambda: torch.zeros(3).index_select(0, torch.tensor([0.0])),
    lambda: torch.randn(2, 3) @ torch.randn(2, 3),
    lambda: nn.functional.nll_loss(torch.ones(2, 3), torch.tensor([0, 3])),
    lambda: torch.stack([torch.ones(2), torch.ones(3)]),
    lambda: torch.ones(3).expand(2, 4),
    lambda: torch.ones(3).permute(1, 0),
    lambda: torch.ones(2, 2).gather(1, torch.tensor([[0, 2]])),
]
for i, case in enumerate(cases):
    try:
        case()
        print(i, "ok")
    except Exception as e:
        print(i, type(e).__name__, str(e).split("\n")[0])
