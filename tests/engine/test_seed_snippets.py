"""The seeds' PyTorch snippets, run through the engine, print what PyTorch printed.

Each ``snippets/NAME.py`` is plain Python that uses the name ``torch``; its
expected output ``NAME.expected`` was produced by running the same file with
PyTorch 2.13 (``python tests/engine/test_seed_snippets.py`` rewrites them). Object addresses
are masked; error class names may differ (gradcli's are RuntimeError subclasses).
"""
import builtins
import contextlib
import importlib
import io
import pathlib
import re
import warnings

import pytest

from gradcli import engine

HERE = pathlib.Path(__file__).parent / "snippets"
SNIPPETS = sorted(p.stem for p in HERE.glob("*.py") if not p.stem.startswith("_"))


def run_snippet(name: str, torch_module) -> str:
    out = io.StringIO()
    scope = {"torch": torch_module, "__builtins__": {**vars(builtins), "__import__": _importer(torch_module)}}
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile((HERE / f"{name}.py").read_text(), f"{name}.py", "exec"), scope)
    return normalise(out.getvalue())


def _importer(torch_module):
    """``import torch...`` inside a snippet resolves to the module under test."""
    def load(name, globals=None, locals=None, fromlist=(), level=0):
        if name != "torch" and not name.startswith("torch."):
            return importlib.import_module(name)
        if not fromlist:
            return torch_module
        target = torch_module
        for part in name.split(".")[1:]:
            target = getattr(target, part)
        return target
    return load


def normalise(text: str) -> str:
    text = re.sub(r" at 0x[0-9a-f]+", " at 0x", text)
    return re.sub(r"ERR \w+Error ", "ERR Error ", text)


@pytest.mark.parametrize("name", SNIPPETS)
def test_snippet_prints_what_torch_printed(name):
    expected = normalise((HERE / f"{name}.expected").read_text())
    engine.manual_seed(0)
    assert run_snippet(name, engine) == expected


@pytest.mark.parity
@pytest.mark.parametrize("name", SNIPPETS)
def test_expected_files_are_torch_output(name):
    torch = pytest.importorskip("torch")
    assert normalise((HERE / f"{name}.expected").read_text()) == run_snippet(name, torch)


if __name__ == "__main__":
    import torch

    for snippet in SNIPPETS:
        (HERE / f"{snippet}.expected").write_text(run_snippet(snippet, torch))
