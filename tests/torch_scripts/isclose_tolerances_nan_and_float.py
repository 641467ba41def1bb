# isclose and allclose refuse a NaN tolerance as torch does (rtol=nan was used as is, exit 0), and
# print a tolerance as torch prints a double (-1, not -1.0).
import torch


def attempt(label, f):
    try:
        print(label, "ok", f())
    except RuntimeError as err:
        print(label, "refused:", err)


f = torch.tensor([1., 2.])
attempt("isclose rtol=nan", lambda: torch.isclose(f, f, rtol=float("nan")))
attempt("isclose atol=nan", lambda: torch.isclose(f, f, atol=float("nan")))
attempt("allclose rtol=nan", lambda: torch.allclose(f, f, rtol=float("nan")))
attempt("isclose rtol=-1", lambda: torch.isclose(f, f, rtol=-1))
attempt("isclose rtol=-1.0", lambda: torch.isclose(f, f, rtol=-1.0))
attempt("isclose atol=-1e-3", lambda: torch.isclose(f, f, atol=-1e-3))
attempt("isclose atol=-2.5e-20", lambda: torch.isclose(f, f, atol=-2.5e-20))
attempt("isclose rtol=0, atol=0", lambda: torch.isclose(f, f + 1e-7, rtol=0, atol=0))
attempt("isclose rtol=inf", lambda: torch.isclose(f, f * 3, rtol=float("inf")))
