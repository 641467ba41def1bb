"""The grammar ships inside the wheel and is found after `pip install`."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gradcli.lang.grammar_loader import grammar_path

REPO = Path(__file__).resolve().parents[2]


def test_grammar_is_found_in_the_checkout():
    path = grammar_path()
    assert path.read_text(encoding="utf-8").startswith("// gradcli.lark")
    assert path.resolve() == (REPO / "grammar" / "gradcli.lark").resolve()


@pytest.mark.slow
def test_wheel_ships_the_grammar_and_runs_a_script(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(REPO, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", str(source), "-w", str(tmp_path / "dist")], check=True, timeout=120)
    (wheel,) = (tmp_path / "dist").glob("gradcli-*.whl")

    # install the wheel alone into a target directory; numpy, lark... come from this environment
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                    str(wheel)], check=True, timeout=120)

    script = (
        "import gradcli.lang as lang\n"
        "from gradcli.lang.grammar_loader import grammar_path\n"
        "print(grammar_path())\n"
        "print(lang.Session().run('x = tensor(3., requires_grad=True)\\n"
        "y = x ** 2\\ny.backward()\\nx.grad.item()'))\n")
    env = dict(os.environ, GRADCLI_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(target))
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    where, value = result.stdout.split()
    assert Path(where).is_relative_to(target) and value == "6.0"
    assert list((tmp_path / "cache").glob("grammar-*.marshal"))


def test_unwritable_cache_directory_falls_back_to_memory(tmp_path, monkeypatch):
    from gradcli.lang import grammar_loader, parse
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("GRADCLI_CACHE_DIR", str(blocked / "cache"))
    monkeypatch.setattr(grammar_loader, "_tables", None)
    assert parse("x = 1").body
    assert grammar_loader._tables is not None


def test_parsing_a_script_does_not_load_the_engine():
    """`import gradcli.lang` + a parse stays a parser's cost (the package docstring's promise): a
    module-level engine import in the parser's path would add numpy's start-up to it."""
    code = ("import sys, gradcli.lang as lang\n"
            "lang.parse('y = sin(x) * exp(-x ** 2)')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy' or m.startswith('gradcli.engine')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
