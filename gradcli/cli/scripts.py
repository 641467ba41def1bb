"""Running whole scripts (``gradcli run``, and standard input when it is not a terminal)."""
from __future__ import annotations

import sys

from . import code_cache
from .errors import EXIT_OK
from .inputs import MAX_SOURCE_BYTES, read_file
from .output import DEFAULT_MAX_OUTPUT, Output, ScriptOutput, script_stderr
from .problem import show_warnings


def run_scripts(sources: list, keep_going: bool, dtype: str | None, limits, debug: bool,
                max_output: int = DEFAULT_MAX_OUTPUT, max_source: int = MAX_SOURCE_BYTES) -> int:
    """Run each (name, text or None to read the file) in its own session; the worst exit code."""
    from ..lang import Session
    worst = EXIT_OK
    stdout = ScriptOutput(sys.stdout, max_output)
    labelled = len(sources) > 1
    fresh_random = None     # torch's generator as a fresh process has it, for each script after the first
    for index, (name, text) in enumerate(sources):
        if labelled:   # several files: say whose output follows, as `head` and `tail` do
            sys.stdout.write(("\n" if index else "") + f"==> {name} <==\n")
            sys.stdout.flush()
        out = Output(debug=debug)
        try:
            with out.guard():
                source = text if text is not None else read_file(name, max_source)
                out.source = source
                filename = "<stdin>" if name == "-" else name
                session = Session(stdout=stdout, limits=limits, dtype=dtype)
                code_cache.note_group("language", "gradcli.lang")     # what every session needs
                if labelled:
                    fresh_random = _same_random_start(fresh_random)
                try:
                    with script_stderr(stdout):
                        session.run(source, filename)
                finally:
                    show_warnings(session)
                    if index + 1 < len(sources):
                        session.close()     # the next script starts as in a fresh process
        except SystemExit as done:
            worst = max(worst, done.code)
            if not keep_going:
                break
        finally:
            sys.stdout.flush()
    return worst


def _same_random_start(fresh):
    """The generator's state the first script started with (None: now), put back for a later script:
    a script's draws (torch.rand after the previous script's manual_seed) depended on the scripts before it."""
    from .. import engine
    if fresh is None:
        return engine.get_rng_state()
    engine.set_rng_state(fresh)
    return fresh


def profile_script(source: str, filename: str, dtype: str | None, stdout=None, limits=None):
    """Run one script under ``torch.autograd.profiler.profile``; its per-name averages. What it prints
    is bounded and terminal-safe as in ``run``."""
    from .. import engine
    from ..lang import Session
    stdout = ScriptOutput(stdout or sys.stdout, DEFAULT_MAX_OUTPUT, "print less (gradcli run takes --max-output)")
    session = Session(stdout=stdout, dtype=dtype, limits=limits)
    with engine.autograd.profiler.profile() as prof:
        try:
            with script_stderr(stdout):
                session.run(source, filename)
        finally:
            show_warnings(session)
    return prof.key_averages()
