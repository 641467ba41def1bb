# A NaN dropout probability passes torch's Python check (p < 0 or p > 1) but not its kernel's, which
# refuses it even in eval mode: gradcli filled the output with nan (exit 0).
import torch
import torch.nn as nn
import torch.nn.functional as F

nan = float("nan")


def attempt(label, f):
    try:
        print(label, "ok", f())
    except (RuntimeError, ValueError) as err:
        print(label, type(err).__name__, err)


x = torch.ones(3)
attempt("F.dropout", lambda: F.dropout(x, nan))
attempt("F.dropout in eval", lambda: F.dropout(x, nan, training=False))
attempt("F.dropout in place", lambda: F.dropout(torch.ones(3), nan, inplace=True))
attempt("nn.Dropout(nan) is built", lambda: nn.Dropout(nan).p)
attempt("nn.Dropout(nan) forward", lambda: nn.Dropout(nan)(x))
attempt("torch.dropout", lambda: torch.dropout(x, nan, True))
attempt("F.dropout1d", lambda: F.dropout1d(torch.ones(2, 3), nan))
attempt("F.dropout3d", lambda: F.dropout3d(torch.ones(2, 3, 3, 3), nan))
attempt("F.alpha_dropout", lambda: F.alpha_dropout(x, nan, training=True))
attempt("F.feature_alpha_dropout", lambda: F.feature_alpha_dropout(torch.ones(2, 3), nan, training=True))
attempt("nn.AlphaDropout(nan) forward", lambda: nn.AlphaDropout(nan)(x))
attempt("F.dropout(p=1.5)", lambda: F.dropout(x, 1.5))
attempt("F.dropout(p=inf)", lambda: F.dropout(x, float("inf")))
