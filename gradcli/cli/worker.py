"""The supervised worker: every command but the REPL runs in a forked child that this process
watches, so that nothing a script does can take the command down without a clear message.

Before the work starts the child takes OS limits that hold whatever runs, the commands' own
analyses included: address space (``--max-memory``, or the language's automatic budget, plus
room for the imports that follow the fork and for the language's own, tighter cap around each
run and analysis to act first), CPU time (twice the wall limit:
BLAS may run two threads), open files, and no core dumps. Its C stack may grow to 256 MB instead
of 8: CPython hashes nested tuples and advances chained map/zip objects by C recursion with no
depth check, and 8 MB ends at about 100,000 levels.

The child inherits stdin, stdout and stderr, so its output reaches the terminal as it is written
and nothing produced before a crash is lost. The parent only waits: it kills the child when the
wall-clock limit has passed (``--timeout`` plus a grace period; the child's own check stops a
script sooner, with its position, unless one C call runs on), and turns an abnormal end (a
signal such as SIGSEGV from a C-level recursion, SIGKILL from the kernel's OOM killer) into one
error line naming the cause and the option to change, with exit code 1.

A command Typer parses is split (``run_split``): the worker loads numpy while the supervisor
parses the command line with Typer, on another core, and then runs the command's body on the
values the supervisor sends it; the supervisor never loads numpy, the worker never loads Typer,
and the start costs what the longer of the two costs instead of their sum. Help and usage errors
are the supervisor's, which then kills the worker. The standard modules both halves need are
loaded before the fork (``app.SHARED_MODULES``), so the split costs about the CPU time of one
process (+3%): without a free core it is no slower.

Without ``os.fork`` (Windows) commands run in-process: the time and element limits still hold
inside scripts, but a crash in C or a single C call that never returns is not caught.
"""
from __future__ import annotations

import marshal
import os
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
        return sys.stdin is None or not sys.stdin.isatty()   # no command: the REPL on a terminal, else a script
    return args[0] not in UNSUPERVISED


DEFAULT_MAX_ELEMENTS = 50_000_000      # as gradcli.lang.limits (not imported: the parent stays light)
MIN_MEMORY_BUDGET = 2 << 30
MEMORY_SLACK = 1 << 30    # at most this above the budget, so that the language's own cap (a position) acts first
IMPORT_ROOM = 512 << 20   # the fork comes before the imports (numpy, the engine, Rich, matplotlib for plot)
MAX_OPEN_FILES = 256
C_STACK = 256 << 20       # the main thread's stack grows on demand up to RLIMIT_STACK


def _option(args: list, name: str, parse, default, valid):
    """The value of ``--name V`` / ``--name=V`` in ``args``, or ``default`` when absent or invalid (the
    child reports an invalid value as a usage error)."""
    value = default
    for i, arg in enumerate(args):
        text = arg.split("=", 1)[1] if arg.startswith(name + "=") else (
            args[i + 1] if arg == name and i + 1 < len(args) else None)
        if text is not None:
            try:
                value = parse(text)
            except ValueError:
                value = default
    return value if valid(value) else default


def wall_limit(args: list) -> float:
    """When the parent kills the child: the command's ``--timeout`` (or the default) plus grace."""
    timeout = _option(args, "--timeout", float, DEFAULT_TIMEOUT, lambda t: 0 < t < 1e9)
    return timeout * 1.1 + GRACE


def memory_budget(args: list) -> int:
    """Bytes of address space the work may add: ``--max-memory`` MB, else the language's automatic budget."""
    megabytes = _option(args, "--max-memory", int, None, lambda m: m is None or 0 < m <= 1 << 30)
    if megabytes is not None:
        return megabytes << 20
    elements = _option(args, "--max-elements", int, DEFAULT_MAX_ELEMENTS, lambda n: 0 < n <= 10**12)
    return max(MIN_MEMORY_BUDGET, 64 * elements)


def apply_os_limits(args: list) -> None:
    """In the child, before the work: limits the kernel enforces whatever Python code runs."""
    try:
        import resource
    except ImportError:
        return
    cpu = int(2 * wall_limit(args)) + 5
    wanted = [(resource.RLIMIT_CORE, 0), (resource.RLIMIT_CPU, cpu), (resource.RLIMIT_NOFILE, MAX_OPEN_FILES)]
    raise_c_stack()
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/statm") as f:
                used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            budget = memory_budget(args)
            wanted.append((resource.RLIMIT_AS, used + IMPORT_ROOM + budget + min(budget // 4, MEMORY_SLACK)))
        except (OSError, ValueError):
            pass
    for which, value in wanted:
        try:
            soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            elif which == resource.RLIMIT_CPU:
                hard = value + 5       # SIGXCPU at the soft limit, which the parent reports
            if soft == resource.RLIM_INFINITY or value < soft:
                resource.setrlimit(which, (value, hard))
        except (OSError, ValueError):
            pass


def raise_c_stack() -> None:
    """Let the main thread's C stack grow to C_STACK: the worker's, and the REPL's (which runs scripts
    in-process, so a deeply nested tuple hashed in ``{t: 1}`` ended the whole REPL on SIGSEGV)."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        if soft != resource.RLIM_INFINITY and soft < C_STACK:
            resource.setrlimit(resource.RLIMIT_STACK, (C_STACK if hard == resource.RLIM_INFINITY
                                                       else min(C_STACK, hard), hard))
    except (ImportError, OSError, ValueError):
        pass


def run_supervised(args: list, body) -> int:
    """Fork; the child runs ``body()`` and leaves with its exit status; the parent waits and returns
    the status to exit with."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        apply_os_limits(args)
        body()                 # never returns: it leaves with os._exit
        os._exit(70)
    return _watch(pid, wall_limit(args))


_HAND_OFF = None      # in a supervisor whose worker waits for the parsed command (see run_split)


def hand_off(command: str, values: dict) -> None:
    """In the supervisor of a split command: send the parsed ``values`` to the worker, wait for it and
    leave with its exit status. Anywhere else, nothing: the caller runs the command itself."""
    if _HAND_OFF is not None:
        raise SystemExit(_HAND_OFF(command, values))


def run_split(args: list, parse, serve) -> int:
    """Fork; the child runs ``serve(request)``: it loads what every command needs, then ``request()``
    gives the (command, values) that ``parse()``, running here meanwhile, hands off (or ends the
    child quietly when there are none). Returns the child's exit status, or the status ``parse()``
    returned without handing off (help, a usage error), the child then killed."""
    global _HAND_OFF
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(write_end)
        apply_os_limits(args)
        serve(lambda: _receive(read_end))      # never returns: it leaves with os._exit
        os._exit(70)
    os.close(read_end)
    sent = []

    def send(command: str, values: dict) -> int:
        sent.append(command)
        try:
            with open(write_end, "wb") as pipe:
                pipe.write(marshal.dumps((command, values)))
        except BrokenPipeError:
            pass                     # the child is gone: _watch reports how it ended
        return _watch(pid, wall_limit(args))

    _HAND_OFF = send
    try:
        return parse()
    finally:
        _HAND_OFF = None
        if not sent:
            os.close(write_end)
            _kill(pid)
            os.waitpid(pid, 0)


def _receive(fd: int) -> tuple:
    """In the worker: the (command, values) the supervisor sends; leave quietly if it sends none."""
    with open(fd, "rb") as pipe:
        data = pipe.read()
    if not data:
        os._exit(0)
    return marshal.loads(data)


INTERRUPT_WAIT = 0.5      # seconds after Ctrl-C before the child gets its own SIGINT, then as long before SIGKILL


def _watch(pid: int, limit: float) -> int:
    # the supervisor's alone, and signal.py's C module: the enums of signal.py (and the enum module, 20 M
    # instructions) would cost the worker 3 M instructions before the fork, or the supervisor 20 M after it
    # in parallel with the worker, for the names of signals that only _report's rare messages show
    import _signal as signal
    state = {"timed_out": False, "interrupted": False, "forwarded": False, "terminated": False}

    def on_alarm(signum, frame):
        if state["interrupted"] and not state["forwarded"]:
            # `kill -INT` of this process alone: the child never saw it; it reports its line itself
            state["forwarded"] = True
            _signal(pid, signal.SIGINT)
            signal.setitimer(signal.ITIMER_REAL, 2 * INTERRUPT_WAIT)
            return
        state["timed_out"] = not state["interrupted"]
        _kill(pid)

    def on_interrupt(signum, frame):
        # Ctrl-C reaches the child too (same process group) and usually ends it first
        state["interrupted"] = True
        signal.setitimer(signal.ITIMER_REAL, INTERRUPT_WAIT)

    def on_terminate(signum, frame):
        state["terminated"] = signum
        _kill(pid)

    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGINT, on_interrupt)
    signal.signal(signal.SIGTERM, on_terminate)
    if hasattr(signal, "SIGHUP"):       # the terminal closed: its default ended this process alone, and the
        signal.signal(signal.SIGHUP, on_terminate)      # child ran on until its own time limit
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
    if state["terminated"]:
        return 128 + state["terminated"]    # as a process that SIGTERM or SIGHUP ended: no message of ours
    if state["interrupted"]:
        _say("error: KeyboardInterrupt: the work did not stop at Ctrl-C (one long operation) and was killed")
        return 130
    _report(sig, state["timed_out"], limit)
    return 1


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def _kill(pid: int) -> None:
    import _signal as signal    # (see _watch)
    _signal(pid, signal.SIGKILL)


def _report(sig: int, timed_out: bool, limit: float) -> None:
    import signal
    if timed_out:
        message = (f"error: stopped after {limit:.0f} s of wall-clock time: the work did not stop at the time limit "
                   "by itself (one long operation, or reading and parsing a large source); give it more time "
                   "with --timeout SECONDS or make the work smaller")
    elif sig == signal.SIGSEGV or sig == signal.SIGBUS:
        message = (f"error: the interpreter crashed ({signal.Signals(sig).name}), most likely from nesting too "
                   "deep for the C stack (a container nested thousands of levels deep, or a long chain of "
                   "map/filter/zip objects); nothing after the last output was run")
    elif sig == signal.SIGKILL:
        message = ("error: killed by the system (SIGKILL), most likely out of memory; lower --max-memory MB "
                   "or --max-elements, or make the tensors smaller")
    elif sig == getattr(signal, "SIGXCPU", None):
        message = ("error: stopped after using its CPU time limit (twice the wall-clock limit); give it more "
                   "time with --timeout SECONDS or make the work smaller")
    else:
        message = f"error: the command ended on signal {signal.Signals(sig).name}"
    _say(message)


def _say(message: str) -> None:
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
