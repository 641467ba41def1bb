"""The supervised worker: every command but the REPL runs in a forked child that this process
watches, so that nothing a script does can take the command down without a clear message.

The child inherits stdin, stdout and stderr, so its output reaches the terminal as it is written
and nothing produced before a crash is lost. The parent only waits: it kills the child when the
wall-clock limit has passed (``--timeout`` plus a grace period; the child's own check stops a
script sooner, with its position, unless one C call runs on), and turns an abnormal end (a
signal such as SIGSEGV from a C-level recursion, SIGKILL from the kernel's OOM killer) into one
error line naming the cause and the option to change, with exit code 1.

Without ``os.fork`` (Windows) commands run in-process: the time and element limits still hold
inside scripts, but a crash in C or a single C call that never returns is not caught.
"""
from __future__ import annotations

import os
import signal
import sys

DEFAULT_TIMEOUT = 60.0
GRACE = 2.0              # seconds past --timeout before the child is killed
UNSUPERVISED = {"repl", "--help", "-h", "--version", "--install-completion", "--show-completion"}


def supervised(args: list) -> bool:
    """Whether this command line runs in a worker: not the REPL (its input is the user's own),
    not help, and not where fork is missing or turned off (GRADCLI_NO_WORKER=1)."""
    if not hasattr(os, "fork") or os.environ.get("GRADCLI_NO_WORKER") == "1":
        return False
    if not args:
        return not sys.stdin.isatty()      # no command: the REPL on a terminal, a script from a pipe
    return args[0] not in UNSUPERVISED


def wall_limit(args: list) -> float:
    """When the parent kills the child: the command's ``--timeout`` (or the default) plus grace."""
    timeout = DEFAULT_TIMEOUT
    for i, arg in enumerate(args):
        value = arg.split("=", 1)[1] if arg.startswith("--timeout=") else (
            args[i + 1] if arg == "--timeout" and i + 1 < len(args) else None)
        if value is not None:
            try:
                timeout = float(value)
            except ValueError:
                pass        # the child reports the bad value as a usage error
    if not 0 < timeout < 1e9:
        timeout = DEFAULT_TIMEOUT
    return timeout * 1.1 + GRACE


def run_supervised(args: list, body) -> int:
    """Fork; the child runs ``body()`` and leaves with its exit status; the parent waits and returns
    the status to exit with."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        body()                 # never returns: it leaves with os._exit
        os._exit(70)
    return _watch(pid, wall_limit(args))


def _watch(pid: int, limit: float) -> int:
    state = {"timed_out": False, "interrupted": False}

    def on_alarm(signum, frame):
        state["timed_out"] = not state["interrupted"]
        _kill(pid)

    def on_interrupt(signum, frame):
        # Ctrl-C reaches the child too (same process group); if it does not stop, stop it
        state["interrupted"] = True
        signal.setitimer(signal.ITIMER_REAL, 1.0)

    def on_terminate(signum, frame):
        _kill(pid)

    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGINT, on_interrupt)
    signal.signal(signal.SIGTERM, on_terminate)
    signal.setitimer(signal.ITIMER_REAL, limit)
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            break
        except ChildProcessError:
            return 1
    signal.setitimer(signal.ITIMER_REAL, 0)
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status)
    sig = os.WTERMSIG(status)
    if state["interrupted"]:
        return 130
    _report(sig, state["timed_out"], limit)
    return 1


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _report(sig: int, timed_out: bool, limit: float) -> None:
    if timed_out:
        message = (f"error: stopped after {limit:.0f} s of wall-clock time: one operation ran past the time "
                   "limit and could not be interrupted; give it more time with --timeout SECONDS or make the "
                   "work smaller")
    elif sig == signal.SIGSEGV or sig == signal.SIGBUS:
        message = (f"error: the interpreter crashed ({signal.Signals(sig).name}), most likely from nesting too "
                   "deep for the C stack (a container nested thousands of levels deep, or a long chain of "
                   "map/filter/zip objects); nothing after the last output was run")
    elif sig == signal.SIGKILL:
        message = ("error: killed by the system (SIGKILL), most likely out of memory; lower --max-elements "
                   "or --max-memory, or make the tensors smaller")
    elif sig == getattr(signal, "SIGXCPU", None):
        message = "error: the CPU time limit was reached; give it more time with --timeout SECONDS"
    else:
        message = f"error: the command ended on signal {signal.Signals(sig).name}"
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
