# searchsorted's side must be 'left' or 'right' and agree with right=True: gradcli read any other side
# as 'left' and let side='left' with right=True search from the right (exit 0).
import torch


def attempt(label, f):
    try:
        print(label, "ok", f())
    except RuntimeError as err:
        print(label, "refused:", err)


b = torch.tensor([1., 2., 3.])
v = torch.tensor([2., 2.5])
attempt("side='middle'", lambda: torch.searchsorted(b, v, side="middle"))
attempt("side='LEFT'", lambda: torch.searchsorted(b, v, side="LEFT"))
attempt("side='left', right=True", lambda: torch.searchsorted(b, v, side="left", right=True))
attempt("side='right', right=True", lambda: torch.searchsorted(b, v, side="right", right=True))
attempt("side='right'", lambda: torch.searchsorted(b, v, side="right"))
attempt("side='left'", lambda: torch.searchsorted(b, v, side="left"))
