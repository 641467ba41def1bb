"""Every public name of the engine is reachable from scripts, or denied there with a reason.

The engine declares its surface once (op records' ``api``, ``@public``, each namespace module's
``__all__``); the language derives its allowlists from those declarations. These tests walk the
declarations and try each name from a real script, so a name can neither drift out of reach nor
slip in undeclared.
"""
from __future__ import annotations

import importlib
import io
import types

import pytest

from gradcli import engine
from gradcli.engine import public
from gradcli.engine.tensor import Tensor
from gradcli.lang import Session
from gradcli.lang.namespace import DENIED, MODULES, TENSOR_DENIED, tensor_attributes


def _script_names(path: str) -> list[str]:
    module = importlib.import_module(MODULES[path][0][0])
    return sorted(module.__all__)


def _reachable(expressions: list[str]) -> list[str]:
    """The expressions a script cannot evaluate (one session, one line each)."""
    session = Session(stdout=io.StringIO())
    session.run("x = torch.ones(2, 2)")
    failed = []
    for expr in expressions:
        try:
            session.run(expr)
        except Exception as err:  # noqa: BLE001 - the message is the report
            failed.append(f"{expr}: {err}")
    return failed


@pytest.mark.parametrize("path", sorted(MODULES))
def test_every_declared_name_is_reachable_or_denied_with_a_reason(path):
    denied = DENIED.get(path, {})
    assert all(reason.strip() for reason in denied.values())
    names = [n for n in _script_names(path) if n not in denied]
    dotted = path.replace("torch.", "torch.", 1)
    failed = _reachable([f"import torch.nn.functional\n{dotted}.{n}" if path.startswith("torch.nn")
                         else f"import {path}\n{dotted}.{n}" if not path.startswith("torch") else f"{dotted}.{n}"
                         for n in names])
    assert not failed, "\n".join(failed)


def test_denied_names_are_refused_with_their_reason():
    session = Session(stdout=io.StringIO())
    for name, reason in DENIED["torch"].items():
        with pytest.raises(Exception, match="not available in gradcli scripts"):
            session.run(f"torch.{name}")


def test_the_engine_exports_only_torch_names():
    leaked = {"np", "math", "builtins", "call", "make", "wrap_dim", "public", "functions", "dispatch"}
    assert not leaked & set(engine.__all__)
    assert all(hasattr(engine, n) for n in engine.__all__)
    for n in engine.__all__:
        assert not isinstance(getattr(engine, n), types.ModuleType) or n in (
            "autograd", "nn", "cuda", "linalg", "special", "optim", "testing", "utils", "func", "amp", "backends",
            "distributions", "fft")


def test_every_tensor_method_is_reachable_or_denied_with_a_reason():
    assert all(reason.strip() for reason in TENSOR_DENIED.values())
    declared = {n for n in public.METHODS if not n.startswith("_")}
    own = {n for n, v in vars(Tensor).items() if not n.startswith("_") and callable(v)}
    allowed = tensor_attributes()
    unreachable = sorted((declared | own) - allowed - set(TENSOR_DENIED))
    assert not unreachable
    failed = _reachable([f"x.{n}" for n in sorted((declared | own) - set(TENSOR_DENIED))])
    assert not failed, "\n".join(failed)


def test_methods_and_functions_of_one_op_agree():
    """A record with a generated wrapper is the same callable as torch.<name> and Tensor.<name>."""
    from gradcli.engine.ops.registry import all_ops
    OPS = all_ops()     # the families the engine loads on first use too
    for op in OPS.values():
        if op.api is None:
            continue
        fn = public.FUNCTIONS["torch"][op.name]
        assert getattr(engine, op.name) is fn
        if op.api.method:
            assert public.METHODS[op.name] is fn
        for alias in op.api.aliases:
            assert public.FUNCTIONS["torch"][alias] is fn
        if op.api.inplace:
            assert op.name + "_" in public.METHODS
