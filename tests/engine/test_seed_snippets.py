"""The seeds' PyTorch snippets, run through the engine, print what PyTorch printed.

Each ``snippets/NAME.py`` is plain Python that uses the name ``torch``; its
expected output ``NAME.expected`` was produced by running the same file with
PyTorch 2.13 (``python tests/engine/test_seed_snippets.py`` rewrites them). Object addresses
are masked; error class names may differ (gradcli's are RuntimeError subclasses).
"""
import contextlib
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
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile((HERE / f"{name}.py").read_text(), f"{name}.py", "exec"), {"torch": torch_module})
    return normalise(out.getvalue())


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
