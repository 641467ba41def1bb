# Singular and empty matrices, bool rounding: torch's values (det's gradient is 0 where det is 0)
# and torch's errors, never a numpy exception.
import torch
def attempt(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, "->", str(e).split("\n")[0][:120])
z = torch.zeros(2, 2, requires_grad=True)
attempt("det singular", lambda: torch.linalg.det(z))
attempt("det grad singular", lambda: torch.autograd.grad(torch.linalg.det(z), z))
attempt("det empty", lambda: torch.linalg.det(torch.zeros(0, 0)))
attempt("inv singular", lambda: torch.linalg.inv(z))
attempt("solve singular", lambda: torch.linalg.solve(z, torch.ones(2)))
attempt("inv nonsquare", lambda: torch.linalg.inv(torch.ones(2, 3)))
attempt("round bool", lambda: torch.round(torch.tensor([True, False]), decimals=1))
attempt("nll empty", lambda: torch.nn.functional.nll_loss(torch.zeros(0, 3), torch.zeros(0, dtype=torch.long)))
x = torch.tensor([[1., 2.], [2., 4.]], requires_grad=True)
attempt("det grad rank1", lambda: torch.autograd.grad(torch.linalg.det(x), x)[0].abs())   # torch: signed zeros
