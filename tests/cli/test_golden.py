"""Plain-text outputs compared with files in golden/ (GRADCLI_UPDATE_GOLDEN=1 rewrites them)."""
import os
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
SEED = "C = A**2; D = B**2; E = C*D; F = D + E; F"
CASES = {
    "grad_seed": ["grad", "exp(a*b) + e", "--at", "a=2", "--at", "b=0.5", "--at", "e=1"],
    "jacobian_square": ["jacobian", "x**2", "--at", "x=[1,2,3]"],
    "hessian_pair": ["hessian", "a*a*b", "--at", "a=3", "--at", "b=2"],
    "graph_seed": ["graph", SEED, "--at", "A=[3.]", "--at", "B=[2.]"],
    "graph_seed_dot": ["graph", SEED, "--at", "A=[3.]", "--at", "B=[2.]", "--format", "dot"],
    "graph_seed_mermaid": ["graph", SEED, "--at", "A=[3.]", "--at", "B=[2.]", "--format", "mermaid"],
    "trace_seed": ["trace", SEED, "--at", "A=[3.]", "--at", "B=[2.]"],
    "ops_mul": ["ops", "mul"],
    "ops_clamp": ["ops", "clamp"],
    "plot_square": ["plot", "x**2", "--x", "-1:1", "--points", "41"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(cli, name):
    r = cli(*CASES[name])
    assert r.exit_code == 0, r.stderr
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("GRADCLI_UPDATE_GOLDEN"):
        path.write_text(r.stdout, encoding="utf-8")
    assert r.stdout == path.read_text(encoding="utf-8")
    assert "\x1b[" not in r.stdout
