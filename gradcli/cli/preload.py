"""Import numpy and the engine on a fresh frame stack before a command runs.

CPython 3.11 keeps Python frames in 16 KB chunks and frees a chunk as soon as the frame that
opened it returns, so a loop of calls whose frames start at a chunk's edge maps and unmaps
memory on every call (an mmap, a munmap and a page fault each). Where the edges fall in numpy's
import depends on how deep it starts: reached from inside a renderer's import, ``gradcli graph``
paid ~1,800 of them (~15 ms, a seventh of its start) and ``run`` ~350. A new thread's stack
starts empty, so there numpy's import runs at the same depth as in ``python -c "import numpy"``,
whatever the command and the entry point. The engine's import, reached from inside a command's
body, did the same (``run`` ~350 times): it follows numpy on the same thread. (The REPL imports
the engine on a thread too.) gradcli's own modules and numpy's come from the code cache
(``code_cache``), installed first.

OpenBLAS starts its thread pool when numpy loads it, and each pool thread then spins
(``sched_yield``) for 2**28 cycles, ~0.1 s, waiting for work before it sleeps: through the whole
start of a command, taking a core from the worker's imports and from the Typer supervisor that
parses meanwhile (~15-20 ms of CPU per command). The worker loads it with
``OPENBLAS_THREAD_TIMEOUT`` at 2**20 cycles (~0.4 ms): the pool sleeps at once after the load and
still stays awake between back-to-back BLAS calls. It changes when idle threads sleep, never how
a product is split or summed; a value the user set is kept, and the variable is gone from the
environment again once numpy is loaded.
"""
from __future__ import annotations

import os
import sys
import threading

from . import code_cache

BLAS_THREAD_TIMEOUT = "20"     # log2 of the cycles OpenBLAS's idle threads spin (its default: 28)


def import_engine() -> None:
    if "gradcli.engine" in sys.modules:
        return
    _one_malloc_arena()
    loader = threading.Thread(target=_import, name="gradcli-import", daemon=True)
    loader.start()
    loader.join()


def _import() -> None:
    try:
        code_cache.install()
        _import_numpy()
        code_cache.note_loaded_since_install("numpy")

        import gradcli.engine  # noqa: F401
        code_cache.note_group("engine", "gradcli.engine")
    except BaseException:   # noqa: BLE001  the command's own import raises it again, where it is reported
        pass


def _one_malloc_arena() -> None:
    """glibc gives a new thread a malloc arena of its own and grows it a page at a time, one
    ``mprotect`` call each: ~800 for the imports on the loader thread. With one arena (M_ARENA_MAX)
    the thread allocates from the main heap, which grows in 128 KB steps. (numpy loads ctypes
    anyway; elsewhere than glibc there is no such call and nothing to do.)"""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        ctypes.CDLL(None).mallopt(-8, 1)      # mallopt(M_ARENA_MAX, 1)
    except (ImportError, OSError, AttributeError):
        pass


def _import_numpy() -> None:
    ours = "OPENBLAS_THREAD_TIMEOUT" not in os.environ and "numpy" not in sys.modules
    if ours:
        os.environ["OPENBLAS_THREAD_TIMEOUT"] = BLAS_THREAD_TIMEOUT
    try:
        import numpy  # noqa: F401
    finally:
        if ours:
            del os.environ["OPENBLAS_THREAD_TIMEOUT"]
