"""Import numpy and the engine on a fresh frame stack before a command runs.

CPython 3.11 keeps Python frames in 16 KB chunks and frees a chunk as soon as the frame that
opened it returns, so a loop of calls whose frames start at a chunk's edge maps and unmaps
memory on every call (an mmap, a munmap and a page fault each). Where the edges fall in numpy's
import depends on how deep it starts: reached from inside a renderer's import, ``gradcli graph``
paid ~1,800 of them (~15 ms, a seventh of its start) and ``run`` ~350. A new thread's stack
starts empty, so there numpy's import runs at the same depth as in ``python -c "import numpy"``,
whatever the command and the entry point. The engine's import, reached from inside a command's
body, did the same (``run`` ~350 times): it follows numpy on the same thread. (The REPL imports
the engine on a thread too.)
"""
from __future__ import annotations

import sys
import threading


def import_engine() -> None:
    if "gradcli.engine" in sys.modules:
        return
    loader = threading.Thread(target=_import, name="gradcli-import", daemon=True)
    loader.start()
    loader.join()


def _import() -> None:
    try:
        import numpy  # noqa: F401

        import gradcli.engine  # noqa: F401
    except BaseException:   # noqa: BLE001  the command's own import raises it again, where it is reported
        pass
