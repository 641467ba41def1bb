import torch

x = torch.ones(2, 3)
for f in [lambda: x[2], lambda: x[:, 3], lambda: x.sum(dim=3), lambda: x.transpose(0, 2), lambda: x.unsqueeze(4), lambda: x.squeeze(5), lambda: torch.cat([x, x], dim=2)]:
    try:
        f()
    except IndexError as e:
        print(type(e).__name__, e)
    except RuntimeError as e:
        print(type(e).__name__, e)
