"""Named results (``torch.return_types.*``) expose their fields to scripts under torch's names:
``torch.frexp(x).mantissa`` reads like ``torch.sort(x).values``."""

import importlib
import pkgutil

import pytest

import gradcli.engine
from gradcli.engine import return_types
from gradcli.lang import Session

CALLS = [
    ("torch.frexp(x)", "frexp"),
    ("x.frexp()", "frexp"),
    ("torch.max(x, 0)", "max"),
    ("torch.min(x, 0)", "min"),
    ("torch.sort(x)", "sort"),
    ("torch.topk(x, 1)", "topk"),
    ("torch.median(x, 0)", "median"),
    ("torch.kthvalue(x, 1)", "kthvalue"),
    ("torch.mode(x, 0)", "mode"),
    ("torch.cummax(x, 0)", "cummax"),
    ("torch.cummin(x, 0)", "cummin"),
    ("torch.aminmax(x)", "aminmax"),
    ("torch.slogdet(x)", "slogdet"),
    ("torch.linalg.slogdet(x)", "linalg_slogdet"),
    ("torch.linalg.eigh(x)", "linalg_eigh"),
    ("torch.linalg.svd(x)", "linalg_svd"),
    ("torch.svd(x)", "svd"),
    ("torch.linalg.qr(x)", "linalg_qr"),
]


@pytest.fixture(scope="module")
def session():
    s = Session()
    s.run("x = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)")
    return s


@pytest.mark.parametrize("call, torch_name", CALLS)
def test_every_field_reads_as_torch_names_it(session, call, torch_name):
    torch = pytest.importorskip("torch")
    names = getattr(torch.return_types, torch_name).__match_args__
    session.run(f"r = {call}")
    for i, name in enumerate(names):
        assert session.eval(f"r.{name} is r[{i}]"), (call, name)


def _engine_result_types():
    """Every named tuple class the engine defines (a new one must be readable too)."""
    found = {}
    for info in pkgutil.walk_packages(gradcli.engine.__path__, "gradcli.engine."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields") \
                    and value.__module__ != "gradcli.engine.ops.registry":     # op records, not results
                found[f"{value.__module__}.{value.__qualname__}"] = value
    for name in return_types.NAMES:      # torch.return_types: made on first use, not module attributes
        cls = return_types.result_type(name)
        found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return sorted(found.items())


def test_every_engine_result_type_exposes_its_fields(session):
    for dotted, cls in _engine_result_types():
        value = cls(*range(len(cls._fields)))
        assert set(cls._fields) <= set(session.attributes(value)), dotted
