"""Backward formulas under create_graph call ``m.NAME``, which TensorMath resolves to the public torch
function first and to the engine's internal function second. A public name that differed from an
internal helper of the same name would silently change every formula that uses the helper."""
import types

from gradcli.engine import functions, public
from gradcli.engine.tensor_math import TensorMath


def test_a_public_name_never_shadows_a_different_internal_function():
    torch_level = public.FUNCTIONS["torch"]
    clashes = sorted(name for name, fn in torch_level.items()
                     if hasattr(functions, name) and not isinstance(getattr(functions, name), types.ModuleType)
                     and getattr(functions, name) is not fn)
    assert clashes == []


def test_formulas_reach_the_same_function_by_either_name():
    m = TensorMath()
    assert m.exp is public.FUNCTIONS["torch"]["exp"] is functions.exp
