# meshgrid and cartesian_prod check their tensors as torch does: a 2-d tensor was flattened into the
# grid, tensors of two dtypes made grids, an unknown indexing was read as 'ij' (exit 0), and no tensor
# at all was an IndexError naming an internal tuple.
import torch


def attempt(label, f):
    try:
        print(label, "ok", f())
    except (RuntimeError, TypeError) as err:
        print(label, type(err).__name__, str(err).split(" but got:")[0])


a = torch.tensor([1., 2.])
m = torch.ones(2, 2)
attempt("meshgrid of a 2-d tensor", lambda: torch.meshgrid(a, m, indexing="ij"))
attempt("meshgrid of two dtypes", lambda: torch.meshgrid(a, torch.tensor([1, 2]), indexing="ij"))
attempt("meshgrid of an empty list", lambda: torch.meshgrid([], indexing="ij"))
attempt("meshgrid of nothing", lambda: torch.meshgrid(indexing="ij"))
attempt("meshgrid indexing='ji'", lambda: torch.meshgrid(a, a, indexing="ji"))
attempt("meshgrid of numbers", lambda: torch.meshgrid(1, 2, indexing="ij"))
attempt("meshgrid of a list in the list", lambda: torch.meshgrid([a, [1, 2]], indexing="ij"))
attempt("meshgrid of a 0-d and a 1-d", lambda: [g.shape for g in torch.meshgrid(torch.tensor(3.), a, indexing="ij")])
attempt("cartesian_prod of a 0-d", lambda: torch.cartesian_prod(torch.tensor(3.)))
attempt("cartesian_prod of a 2-d", lambda: torch.cartesian_prod(a, m))
attempt("cartesian_prod of one 2-d", lambda: torch.cartesian_prod(m))
attempt("cartesian_prod of two dtypes", lambda: torch.cartesian_prod(a, torch.tensor([1, 2])))
attempt("cartesian_prod of nothing", lambda: torch.cartesian_prod())
attempt("cartesian_prod of a number", lambda: torch.cartesian_prod(a, 2))
attempt("cartesian_prod of one", lambda: torch.cartesian_prod(a))
attempt("cartesian_prod with an empty", lambda: torch.cartesian_prod(a, torch.zeros(0)))
