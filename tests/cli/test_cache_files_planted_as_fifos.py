"""A FIFO planted in gradcli's cache directory under a cache file's name (the code bundle, the
grammar's tables, a parsed script or its signing key) is not read: open() of a FIFO waits for a
writer, so every command hung until the supervisor's kill at twice --timeout ('stopped after 4 s of
wall-clock time') and a plain library use forever. Each reader now opens without blocking and reads
regular files only; the command runs as without a cache and writes its files again."""
import os
import subprocess
import sys

import pytest

from gradcli.cli import code_cache
from gradcli.lang import grammar_loader, parse_cache

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")

SCRIPT = "".join(f"x{i} = {i}  # long enough for the parse cache, which keeps scripts of 256 characters on\n"
                 for i in range(4)) + "print(x1 + x3)\n"


def _fifo(path) -> str:
    os.mkfifo(path, 0o600)
    return str(path)


def test_the_code_bundle_as_a_fifo_is_not_read(tmp_path):
    finder = code_cache.Finder(_fifo(tmp_path / "code.marshal"))
    assert finder.entries == {} and finder.find_spec("gradcli.engine") is None


def test_grammar_tables_as_a_fifo_are_not_read(tmp_path):
    assert grammar_loader._read_cache(_fifo(tmp_path / "grammar.marshal")) is None


@pytest.mark.parametrize("planted", ["entry", "key"])
def test_a_parsed_entry_or_its_key_as_a_fifo_is_not_read(tmp_path, monkeypatch, planted):
    monkeypatch.setenv("GRADCLI_CACHE_DIR", str(tmp_path))
    entry = parse_cache._entry(SCRIPT)[0]
    os.makedirs(os.path.dirname(entry), mode=0o700)
    if planted == "entry":
        _fifo(entry)
    else:
        (tmp_path / "parsed" / "entry").write_bytes(b"")
        _fifo(tmp_path / "parsed" / "key")
    assert parse_cache.load(SCRIPT) is None


def test_a_command_runs_with_every_cache_file_a_fifo(tmp_path):
    script = tmp_path / "script.grad"
    script.write_text(SCRIPT)
    env = dict(os.environ, GRADCLI_CACHE_DIR=str(tmp_path / "cache"))
    command = [sys.executable, "-m", "gradcli", "run", "--timeout", "20", str(script)]
    first = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert (first.returncode, first.stdout) == (0, "4\n")
    files = [os.path.join(d, f) for d, _, names in os.walk(tmp_path / "cache") for f in names]
    assert any("parsed" in f for f in files) and any("code-" in f for f in files) and any("grammar-" in f for f in files)
    for f in files:
        os.unlink(f)
        _fifo(f)
    again = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert (again.returncode, again.stdout, again.stderr) == (0, "4\n", "")
