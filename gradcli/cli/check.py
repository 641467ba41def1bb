"""``gradcli check``: the engine's gradcheck and gradgradcheck on an expression, in float64.

The verdicts come from ``gradcheck``/``gradgradcheck`` with torch's
defaults; the table puts the analytical Jacobian (one batched backward) next
to the engine's central-difference Jacobian so the largest disagreements
can be read, and the graph says when an input sits on a kink.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass
class Check:
    name: str                    # "gradcheck" or "gradgradcheck"
    passed: bool
    message: str = ""


@dataclass
class CheckResult:
    checks: list
    rows: list = field(default_factory=list)     # (output index, input name and index, analytical, numerical, error)
    kinks: list = field(default_factory=list)
    eps: float = 1e-6
    atol: float = 1e-5
    rtol: float = 1e-3

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)


def run_check(problem, eps: float, atol: float, rtol: float, top: int) -> CheckResult:
    from ..engine.autograd.gradcheck import get_numerical_jacobian
    from ..report.graph import build_graph
    from ..report.kinks import find_kinks
    wrt = problem.wrt(None)
    inputs = tuple(wrt.values())

    f = problem.as_function(wrt)
    autograd = problem.torch.autograd
    checks = []
    for name, fn in (("gradcheck", autograd.gradcheck), ("gradgradcheck", autograd.gradgradcheck)):
        try:
            fn(f, inputs, eps=eps, atol=atol, rtol=rtol)
            checks.append(Check(name, True))
        except autograd.GradcheckError as err:
            checks.append(Check(name, False, str(err).strip()))
    output, analytical = problem.jacobians(wrt)
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
