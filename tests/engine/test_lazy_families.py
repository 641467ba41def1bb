"""The op families the engine loads on first use (``ops/lazy_families.py``): the table says which records
each declares, and nothing the engine shows at import depends on them. Each check runs in a fresh
interpreter, where only ``import gradcli.engine`` has run."""
import json
import subprocess
import sys

import pytest

from gradcli.engine.ops.lazy_families import FAMILIES

# what the fresh interpreter reports: the lazy families loaded with the engine, the records each family
# declares when imported in the table's order, the public names and methods before and after, and the
# records an ops/ module not loaded by then declares
REPORT = r"""
import importlib, json, pkgutil, sys
import gradcli.engine
from gradcli.engine import public
from gradcli.engine.ops import lazy_families
from gradcli.engine.ops.registry import OPS
import gradcli.engine.ops as package

def surface():
    return {"functions": {ns: sorted(names) for ns, names in public.FUNCTIONS.items()},
            "methods": sorted(public.METHODS), "properties": sorted(public.PROPERTIES)}

report = {"loaded": sorted(f for f in lazy_families.FAMILIES if f"gradcli.engine.ops.{f}" in sys.modules),
          "surface_before": surface(), "declared": {}, "unlisted": {}}
for family in lazy_families.FAMILIES:
    before = set(OPS)
    importlib.import_module(f"gradcli.engine.ops.{family}")
    report["declared"][family] = [name for name in OPS if name not in before]
report["surface_after"] = surface()
report["api"] = sorted(name for family in lazy_families.FAMILIES for name in report["declared"][family]
                       if OPS[name].api is not None)
for module in pkgutil.iter_modules(package.__path__):
    before = set(OPS)
    importlib.import_module(f"gradcli.engine.ops.{module.name}")
    new = [name for name in OPS if name not in before]
    if new:
        report["unlisted"][module.name] = new
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def report() -> dict:
    result = subprocess.run([sys.executable, "-c", REPORT], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_engine_loads_no_lazy_family(report):
    assert report["loaded"] == [], (f"importing the engine loads {report['loaded']}: an engine module imports them "
                                    "at module level (import them inside the functions that use them) or "
                                    "ops/__init__.py does (take them out of lazy_families.FAMILIES instead)")


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_table_lists_the_records_each_lazy_family_declares(report, family):
    declared = tuple(report["declared"][family])
    assert declared == FAMILIES[family], (
        f"ops/{family}.py declares other records than ops/lazy_families.py lists: "
        f"write FAMILIES[{family!r}] = {declared!r} (a record missing there is not found by its name "
        f"before its family is loaded)")


def test_every_module_that_declares_records_is_loaded_with_the_engine_or_listed(report):
    assert report["unlisted"] == {}, (
        f"these ops/ modules declare records that neither the engine's import nor lazy_families.FAMILIES "
        f"reaches: {report['unlisted']}; import the module in ops/__init__.py (or list it in "
        f"lazy_families.FAMILIES with its records)")


def test_lazy_families_declare_no_public_name(report):
    # torch.*, torch.nn.functional.*, the Tensor methods and the language's names are made at the engine's import
    assert report["api"] == [], f"records with api= in a lazy family: {report['api']}"
    assert report["surface_after"] == report["surface_before"], "a lazy family declares a public name (@public)"


def test_a_lazy_record_is_found_by_its_name_and_loads_its_family_only():
    code = ("import sys\nimport gradcli.engine\nfrom gradcli.engine.ops.registry import OPS\n"
            "had = 'gradcli.engine.ops.ldl' in sys.modules\n"
            "op = OPS['linalg_ldl_solve']\n"
            "try:\n    OPS['no_such_op']\nexcept KeyError:\n    missing = True\n"
            "print(had, op.name, 'gradcli.engine.ops.ldl' in sys.modules, 'gradcli.engine.ops.ormqr' in sys.modules,"
            " missing)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["False", "linalg_ldl_solve", "True", "False", "True"], result.stderr
