# uniform_ and normal with parameters out of the dtype's range: torch refuses them (to is out of
# bounds, to-from would overflow, a NaN or negative std, in a std tensor too), where gradcli filled
# inf or nan and exited 0.
import torch

nan = float("nan")
inf = float("inf")


def attempt(label, f):
    try:
        print(label, "ok", f())
    except RuntimeError as err:
        print(label, "refused:", err)


attempt("uniform_ to inf", lambda: torch.empty(2).uniform_(0, inf))
attempt("uniform_ to nan", lambda: torch.empty(2).uniform_(0, nan))
attempt("uniform_ from nan", lambda: torch.empty(2).uniform_(nan, 1))
attempt("uniform_ from -inf", lambda: torch.empty(2).uniform_(-inf, 0))
attempt("uniform_ float64 to inf", lambda: torch.empty(2, dtype=torch.float64).uniform_(0, inf))
attempt("uniform_ float32 just over", lambda: torch.empty(2).uniform_(0, 3.5e38))
attempt("uniform_ float32 at its max", lambda: torch.empty(2).uniform_(0, 3.4028234663852886e38).isfinite())
attempt("uniform_ float32 span", lambda: torch.empty(2).uniform_(-2e38, 2e38))
attempt("uniform_ float64 span", lambda: torch.empty(2, dtype=torch.float64).uniform_(-1.7e308, 1.7e308))
attempt("uniform_ float16 span", lambda: torch.empty(2, dtype=torch.float16).uniform_(-40000, 40000))
attempt("uniform_ float16 to", lambda: torch.empty(2, dtype=torch.float16).uniform_(0, 1e6))
attempt("uniform_ float16 at its max", lambda: torch.empty(2, dtype=torch.float16).uniform_(0, 65504).isfinite())
attempt("uniform_ complex64", lambda: torch.empty(2, dtype=torch.complex64).uniform_(0, 3.5e38))
attempt("uniform_ complex128 span", lambda: torch.empty(2, dtype=torch.complex128).uniform_(-1e308, 1e308))
attempt("uniform_ reversed", lambda: torch.empty(2).uniform_(2, 1))
attempt("nn.init.uniform_", lambda: torch.nn.init.uniform_(torch.empty(2), 0, inf))
attempt("normal_ std nan", lambda: torch.empty(2).normal_(0, nan))
attempt("normal std nan", lambda: torch.normal(0., nan, (2,)))
attempt("nn.init.normal_ std nan", lambda: torch.nn.init.normal_(torch.empty(2), 0, nan))
attempt("normal std tensor with nan", lambda: torch.normal(torch.zeros(2), torch.tensor([1., nan])))
attempt("normal std tensor negative", lambda: torch.normal(0., torch.tensor([1., -1.])))
attempt("normal integer std tensor negative", lambda: torch.normal(torch.zeros(2), torch.tensor([1, -1])))
attempt("normal mean tensor, std -1", lambda: torch.normal(torch.zeros(2), -1.))
attempt("normal empty tensors", lambda: torch.normal(torch.zeros(0), torch.zeros(0)))
