"""How a command's loader thread imports numpy and the engine (see cli.preload): with OpenBLAS's
idle pool threads put to sleep early (their spinning took a core from the start-up for ~0.1 s),
and allocating from the main malloc arena."""
import subprocess
import sys

import pytest

# records OPENBLAS_THREAD_TIMEOUT as numpy's import starts, then the environment after the engine's
PROBE = """
import os, sys
seen = []
def probe(event, args):      # (an audit hook: the code cache's finder comes first on sys.meta_path)
    if event == "import" and args[0] == "numpy":
        seen.append(os.environ.get("OPENBLAS_THREAD_TIMEOUT"))
sys.addaudithook(probe)
from gradcli.cli.preload import import_engine
import_engine()
print(seen, os.environ.get("OPENBLAS_THREAD_TIMEOUT"), "gradcli.engine" in sys.modules)
"""


def _probe(**env) -> str:
    from os import environ
    clean = {k: v for k, v in environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60,
                            env={**clean, **env})
    return result.stdout.strip()


def test_numpy_loads_with_a_short_blas_spin_and_the_environment_is_left_as_it_was():
    assert _probe() == "['20'] None True"


def test_a_timeout_the_user_set_is_kept():
    assert _probe(OPENBLAS_THREAD_TIMEOUT="28") == "['28'] 28 True"



def test_the_loader_thread_allocates_from_the_main_malloc_arena():
    # glibc's malloc_stats() lists one "Arena N:" per arena on stderr; the thread's own arena grew a
    # page at a time, an mprotect call each (see cli.preload)
    code = ("import ctypes\nfrom gradcli.cli.preload import import_engine\nimport_engine()\n"
            "ctypes.CDLL(None).malloc_stats()")
    check = "import ctypes, sys; sys.exit(not hasattr(ctypes.CDLL(None), 'malloc_stats'))"
    if not sys.platform.startswith("linux") or subprocess.run([sys.executable, "-c", check]).returncode:
        pytest.skip("glibc's malloc only")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert [line for line in result.stderr.splitlines() if line.startswith("Arena")] == ["Arena 0:"]
