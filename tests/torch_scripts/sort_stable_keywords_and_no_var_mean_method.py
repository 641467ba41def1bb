# sort/argsort take stable as a keyword with dim and descending as keywords too (torch's two signatures),
# and Tensor has no var_mean/std_mean methods (torch.var_mean only)
import torch
x = torch.tensor([[3., 1., 2.], [1., 1., 0.]])
for name, f in [("a", lambda: x.sort()), ("b", lambda: x.sort(0)), ("c", lambda: x.sort(1, True)), ("d", lambda: x.sort(dim=0, descending=True)),
                ("e", lambda: x.sort(stable=True)), ("f", lambda: x.sort(stable=True, dim=0)), ("g", lambda: x.sort(0, stable=True)), ("h", lambda: x.argsort(0, stable=True)),
                ("j", lambda: x.argsort()), ("k", lambda: x.argsort(1, True)), ("l", lambda: x.argsort(stable=True, dim=0)),
                ("p", lambda: x.std_mean()), ("q", lambda: torch.var_mean(x, 1)), ("r", lambda: x.sort(descending=True))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, str(e).split("\n")[0])
