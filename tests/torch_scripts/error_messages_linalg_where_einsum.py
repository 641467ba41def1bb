# Errors as torch prints them: torch.linalg.LinAlgError (type name _LinAlgError, a RuntimeError),
# where()'s broadcasting complaint, einsum's subscript sizes, unflatten's sizes, index_select's
# out-of-range index (IndexError, or the dim-1 kernel's own RuntimeError).
import torch


def attempt(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


singular = torch.tensor([[1., 2.], [2., 4.]])
try:
    torch.linalg.inv(singular)
except torch.linalg.LinAlgError as e:
    print("caught LinAlgError:", e, isinstance(e, RuntimeError))
attempt("cholesky", lambda: torch.linalg.cholesky(singular))
attempt("solve", lambda: torch.linalg.solve(singular, torch.ones(2)))
attempt("inverse", lambda: torch.inverse(torch.zeros(3, 3)))
print(issubclass(torch.linalg.LinAlgError, RuntimeError))

attempt("where", lambda: torch.where(torch.ones(2) > 0, torch.ones(3), 0.0))
attempt("where 2-d", lambda: torch.where(torch.ones(2, 1) > 0, torch.ones(3), torch.ones(4)))
attempt("einsum", lambda: torch.einsum("ij,jk->ik", torch.ones(2, 3), torch.ones(2, 3)))
attempt("einsum diag", lambda: torch.einsum("ii->i", torch.ones(2, 3)))
attempt("unflatten", lambda: torch.zeros(2, 6).unflatten(1, (4, 2)))
attempt("nn.Unflatten", lambda: torch.nn.Unflatten(1, (5, -1))(torch.zeros(2, 6)))
a = torch.ones(2, 3)
attempt("index_select dim 0", lambda: a.index_select(0, torch.tensor([3])))
attempt("index_select dim 1", lambda: a.index_select(1, torch.tensor([3])))
attempt("index_select dim -1 of 3-d", lambda: torch.ones(2, 3, 4).index_select(-1, torch.tensor([-1])))
