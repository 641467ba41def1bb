"""``gradcli check``: the engine's gradcheck and gradgradcheck on an expression, in float64.

The verdicts come from ``gradcheck``/``gradgradcheck`` with torch's
defaults; the table puts the analytical Jacobian (one batched backward) next
to the engine's central-difference Jacobian so the largest disagreements
can be read, and the graph says when an input sits on a kink.
"""
from __future__ import annotations

import numpy as np

from .errors import EXIT_FAILURE, CliError

# gradcheck differentiates numerically one input element at a time (two evaluations each) and
# gradgradcheck does it again for every output element; the table compares each entry in turn.
MAX_CHECK_ENTRIES = 1_000_000     # output elements x input elements
MAX_CHECK_ELEMENTS = 20_000       # output elements + input elements


class Check:
    """One verdict (plain classes here, not dataclasses: see report.document)."""

    def __init__(self, name: str, passed: bool, message: str = ""):
        self.name = name                # "gradcheck" or "gradgradcheck"
        self.passed = passed
        self.message = message


class CheckResult:
    def __init__(self, checks: list, rows: list, kinks: list, eps: float, atol: float, rtol: float):
        self.checks = checks
        self.rows = rows                # (output index, input name and index, analytical, numerical, error)
        self.kinks = kinks
        self.eps = eps
        self.atol = atol
        self.rtol = rtol

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)


def run_check(problem, eps: float, atol: float, rtol: float, top: int) -> CheckResult:
    from ..engine.autograd.gradcheck import get_numerical_jacobian
    from ..report.graph import build_graph
    from ..report.kinks import find_kinks
    wrt = problem.wrt(None)
    inputs = tuple(wrt.values())
    _refuse_complex(inputs, "input")

    f = problem.as_function(wrt, lambda output: check_size(output.numel(), sum(x.numel() for x in inputs)))
    autograd = problem.torch.autograd
    checks = []
    for name, fn in (("gradcheck", autograd.gradcheck), ("gradgradcheck", autograd.gradgradcheck)):
        try:
            with problem.memory_cap():
                fn(f, inputs, eps=eps, atol=atol, rtol=rtol)
            checks.append(Check(name, True))
        except autograd.GradcheckError as err:
            checks.append(Check(name, False, str(err).strip()))
        except RuntimeError as err:
            if checks[-1].passed:   # gradgradcheck of an output that no longer needs grad
                raise
            checks.append(Check(name, False, f"not run: the first derivatives are wrong ({err})"))
    _refuse_complex((f.last,), "output")   # (the checks above evaluated it)
    output, analytical = problem.jacobians(wrt)
    with problem.memory_cap():
        numerical = get_numerical_jacobian(f, inputs, eps=eps)
    rows = []
    for (name, x), per_output in zip(wrt.items(), numerical):
        a = analytical[name].detach().numpy().reshape(output.numel(), x.numel())
        n = per_output.numpy().T
        for i, j in np.ndindex(*a.shape):
            rows.append((i, name, j, float(a[i, j]), float(n[i, j]), abs(float(a[i, j]) - float(n[i, j]))))
    rows.sort(key=lambda r: -r[5] if np.isfinite(r[5]) else -np.inf)
    graph = build_graph(output, problem.variables())
    return CheckResult(checks, rows[:top], find_kinks(graph), eps, atol, rtol)


def _refuse_complex(tensors, what: str) -> None:
    """The check compares real derivatives entry by entry; a complex input or output has Wirtinger
    derivatives, which it does not compute (it printed FAILED, and its table the real parts only, where
    torch's gradcheck passes)."""
    if any(t.is_complex() for t in tensors):
        raise CliError(f"gradcli check compares real derivatives: a complex {what} is not supported; check "
                       "the real and imaginary parts as real functions (torch.view_as_real)", EXIT_FAILURE, "type")


def check_size(n_out: int, n_in: int) -> None:
    """Refuse a check that would run for hours, before it starts (a 200,000-element output would
    need 400,000 evaluations for gradgradcheck alone)."""
    if n_out * n_in > MAX_CHECK_ENTRIES or n_out + n_in > MAX_CHECK_ELEMENTS:
        raise CliError(f"check of an output of {n_out} elements against inputs of {n_in} elements is too large: "
                       f"it evaluates the expression twice per input and output element and compares every "
                       f"entry of the Jacobian; at most {MAX_CHECK_ENTRIES} entries and {MAX_CHECK_ELEMENTS} "
                       "elements together. Check a smaller slice of the inputs", EXIT_FAILURE, "limit")
