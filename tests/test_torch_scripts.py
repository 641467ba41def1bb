"""PyTorch autograd scripts, as users paste them, run in gradcli and print what PyTorch prints.

tests/torch_scripts/NAME.py is a plain PyTorch program written in the
language's Python subset; NAME.expected is what PyTorch printed
(tests/torch_scripts/make_expected.py). The comparison is the samples' one
(tests/test_samples.py): exact text, except that numbers may differ by one
unit of their last printed digit (float32 kernels of numpy vs ATen), runs of
spaces count as one, and object addresses are masked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_samples import compare, run_sample

SCRIPTS_DIR = Path(__file__).resolve().parent / "torch_scripts"
SCRIPTS = sorted(p for p in SCRIPTS_DIR.glob("*.py") if p.name != "make_expected.py")

# Scripts that show a difference in a part of the engine this suite may not
# change, reported to its owners; strict, so the test says so once it is fixed.
KNOWN_DIFFERENCES: dict[str, str] = {}


def _params():
    for path in SCRIPTS:
        reason = KNOWN_DIFFERENCES.get(path.stem)
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        yield pytest.param(path, marks=marks, id=path.stem)


def test_the_corpus_is_broad_and_complete():
    assert len(SCRIPTS) >= 80
    missing = [p.name for p in SCRIPTS if not p.with_suffix(".expected").exists()]
    assert not missing


def test_known_differences_name_existing_scripts():
    assert set(KNOWN_DIFFERENCES) <= {p.stem for p in SCRIPTS}


@pytest.mark.parametrize("path", list(_params()))
def test_script_prints_what_pytorch_prints(path):
    expected = path.with_suffix(".expected").read_text()
    problems = compare(run_sample(path), expected)
    assert not problems, "\n".join(problems)
