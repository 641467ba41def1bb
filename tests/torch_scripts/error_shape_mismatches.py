import torch

cases = [
    lambda: torch.ones(2, 3) @ torch.ones(2, 3),
    lambda: torch.matmul(torch.ones(3), torch.ones(4)),
    lambda: torch.mm(torch.ones(2, 3), torch.ones(4, 2)),
    lambda: torch.cat([torch.ones(2, 3), torch.ones(2, 4)], dim=0),
    lambda: torch.stack([torch.ones(2), torch.ones(3)]),
    lambda: torch.ones(6).view(4, 2),
    lambda: torch.ones(2, 3) + torch.ones(4),
    lambda: torch.ones(2, 3).t().view(6),
    lambda: torch.ones(2, 3).reshape(5),
    lambda: torch.ones(3).expand(2, 4),
]
for i, f in enumerate(cases):
    try:
        f()
        print(i, "ok")
    except RuntimeError as e:
        print(i, e)
