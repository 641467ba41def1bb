"""Where gradcli keeps its caches and the REPL's history: a relative XDG_CACHE_HOME or XDG_STATE_HOME
is invalid by the XDG spec and ignored, so that running gradcli never leaves a cache in the working
directory."""
import os
import subprocess
import sys
from pathlib import Path

from gradcli.cli import code_cache
from gradcli.cli.repl import history_path
from gradcli.lang.grammar_loader import cache_dir


def test_a_relative_xdg_directory_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("GRADCLI_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relcache")
    monkeypatch.setenv("XDG_STATE_HOME", "relstate")
    assert cache_dir() == str(tmp_path / ".cache" / "gradcli")
    assert os.path.dirname(code_cache.bundle_path()) == cache_dir()
    assert history_path() == tmp_path / ".local" / "state" / "gradcli" / "history"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "abs"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "st"))
    assert cache_dir() == str(tmp_path / "abs" / "gradcli")
    assert history_path() == tmp_path / "st" / "gradcli" / "history"


def test_a_command_leaves_nothing_in_the_working_directory(tmp_path):
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "GRADCLI_CACHE_DIR"}
    env.update(HOME=str(home), XDG_CACHE_HOME="relcache",
               PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    result = subprocess.run([sys.executable, "-m", "gradcli", "grad", "x**2", "--at", "x=3"], cwd=work, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.stdout == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"
    assert list(work.iterdir()) == []
    assert (home / ".cache" / "gradcli").is_dir()
