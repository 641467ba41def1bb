"""The sandbox's limits, as named numbers, and the checks that enforce them.

Every check raises a GradcliError of kind "limit" that names the limit, so a
runaway script ends with a message instead of a hang or an out-of-memory
kill. `RunState` is the per-run budget the compiled closures consult.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from typing import NamedTuple

from .errors import GradcliError, Span

DEFAULT_MAX_ELEMENTS = 50_000_000
DEFAULT_MAX_RECURSION = 1000     # Python's own default recursion limit
DEFAULT_TIMEOUT = 60.0
DEFAULT_MAX_INT_DIGITS = 4300
DEFAULT_MAX_SEQUENCE = 10_000_000
MAX_FORMAT_WIDTH = 10_000
MAX_MODULAR_POWER_WORK = 2.5e9    # e_bits * m_bits ** 1.585 of pow(b, e, m): about half a second
# Address space a run may add to the process, unless Limits.max_memory says otherwise:
# the larger of this and 64 bytes per allowed tensor element (a few float64 tensors of the
# largest size, their gradients and saved values).
MIN_MEMORY_BUDGET = 2 << 30


class Limits(NamedTuple):
    """What one run of a script may use. `timeout` is seconds of wall time
    per `Session.run`/`eval` call (None: no limit). Immutable; a NamedTuple rather than a
    frozen dataclass, which costs ten times as much to make at import."""

    max_elements: int = DEFAULT_MAX_ELEMENTS      # elements of one tensor
    max_recursion: int = DEFAULT_MAX_RECURSION    # nested script calls
    timeout: float | None = DEFAULT_TIMEOUT
    max_int_digits: int = DEFAULT_MAX_INT_DIGITS  # decimal digits of an int
    max_sequence: int = DEFAULT_MAX_SEQUENCE      # items of a list/str/range
    # bytes of address space a run may add (None: automatic, 0: no cap); where the
    # platform allows it (Linux), an allocation beyond it is a "limit" error, not an
    # out-of-memory kill of the whole process
    max_memory: int | None = None

    def memory_budget(self) -> int:
        if self.max_memory is not None:
            return max(int(self.max_memory), 0)
        return max(MIN_MEMORY_BUDGET, 64 * int(self.max_elements))


class RunState:
    """The mutable budget of the current run: deadline and call depth."""

    __slots__ = ("limits", "deadline", "depth", "max_int_bits", "where", "handling", "_begun")

    def __init__(self, limits: Limits):
        self.limits = limits
        self.deadline = float("inf")
        self.depth = 0
        # ((filename, source), span) of the statement running now (anomaly mode
        # names it), and the errors being handled by `except` clauses (for `raise`).
        self.where = None
        self.handling: list = []
        self._begun = False
        # 10**digits needs digits * log2(10) bits.
        self.max_int_bits = int(limits.max_int_digits * 3.3219280948873626) + 1

    def begin(self) -> None:
        """Start the clock before parsing and compiling: the program's own `start()`
        then keeps this deadline, so that --timeout covers the whole run."""
        self._set_deadline()
        self._begun = True
        self.where = None

    def resume(self) -> None:
        """The next start() keeps the deadline that is running (the prompts of a pasted >>> session)."""
        self._begun = True

    def start(self) -> None:
        if self._begun:
            self._begun = False
        else:
            self._set_deadline()
        self.depth = 0
        self.handling = []

    def _set_deadline(self) -> None:
        timeout = self.limits.timeout
        self.deadline = time.monotonic() + timeout if timeout is not None else float("inf")

    def check_deadline(self) -> None:
        """For loops outside the script (parser, engine ops, backward): the time check,
        at the statement running now."""
        if time.monotonic() > self.deadline:
            span = self.where[1] if self.where is not None else None
            raise GradcliError("limit", f"time limit of {self.limits.timeout:g} s exceeded",
                               span)

    def check_time(self, span: Span | None) -> None:
        if time.monotonic() > self.deadline:
            raise GradcliError("limit", f"time limit of {self.limits.timeout:g} s exceeded", span)

    def check_int(self, value: int, span: Span | None) -> int:
        if value.bit_length() > self.max_int_bits:
            raise GradcliError(
                "limit", f"integer result has more than {self.limits.max_int_digits} digits", span)
        return value

    def check_power(self, base, exponent, span: Span | None) -> None:
        """Refuse int ** int before computing it when the result would be huge."""
        if type(base) in (int, bool) and type(exponent) in (int, bool) and exponent > 0:
            if abs(base) > 1 and (exponent > self.max_int_bits
                                  or (abs(base).bit_length() - 1) * exponent > self.max_int_bits):
                raise GradcliError(
                    "limit", f"integer result has more than {self.limits.max_int_digits} digits",
                    span)

    def check_modular_power(self, exponent: int, modulus: int, span: Span | None) -> None:
        """Refuse ``pow(b, e, m)`` that would run for seconds in one C call: its time grows as the
        exponent's bits times the modulus's bits to the power 1.585 (0.4 s for 4096-bit numbers, 12 s
        for 4300-digit ones, past every time check)."""
        e_bits, m_bits = abs(exponent).bit_length(), abs(modulus).bit_length()
        if e_bits * m_bits ** 1.585 > MAX_MODULAR_POWER_WORK:
            raise GradcliError("limit", f"pow() with a {e_bits}-bit exponent and a {m_bits}-bit modulus would "
                               "take too long (up to 4096 bits each)", span)

    def check_operands(self, name: str, a, b, span: Span | None) -> None:
        """The checks of ``a <op> b`` before Python computes it in one C call, for the ``operator``
        module's functions (``operator.pow(3, 10**8)`` would run for minutes past every limit); the
        language's own operators check the same inline."""
        ta, tb = type(a), type(b)
        if name == "pow":
            self.check_power(a, b, span)
        elif name == "lshift" and ta is int and tb is int and b > 0:
            self.check_power(2, b + a.bit_length(), span)
        elif name == "mul" and ta is int and tb in (str, list, tuple):
            self.check_length(len(b) * a, tb.__name__, span)
        elif name == "mul" and ta in (str, list, tuple) and tb is int:
            self.check_length(len(a) * b, ta.__name__, span)
        elif name in ("add", "concat") and ta in (str, list, tuple) and tb is ta:
            self.check_length(len(a) + len(b), ta.__name__, span)
        elif name == "mod" and ta is str:
            if "*" in a:
                raise GradcliError("value", "'*' widths are not supported in % formatting", span)
            check_format_spec(a, span)
            self.check_length(percent_size_estimate(a, b), "string", span)

    def check_length(self, n: int, what: str, span: Span | None) -> None:
        if n > self.limits.max_sequence:
            raise GradcliError(
                "limit", f"{what} of {n} items exceeds the limit of {self.limits.max_sequence}",
                span)

    def check_text(self, values, what: str, span: Span | None) -> None:
        """Refuse to build the text of ``values`` (str, repr, print) when it would pass the
        sequence limit: ``str(["a" * 10**6] * 1000)`` would otherwise make 10**9 characters."""
        budget = self.limits.max_sequence
        if text_size(values, budget) > budget:
            raise GradcliError("limit", f"{what} would make more than {budget} characters of text", span)

    def check_elements(self, n: int, span: Span | None) -> None:
        if n > self.limits.max_elements:
            raise GradcliError(
                "limit", f"a tensor of {n} elements exceeds the limit of "
                f"{self.limits.max_elements} elements", span)


def text_size(value, budget: int) -> int:
    """A quick over-estimate of ``len(repr(value))``, walking containers without building any
    text; it stops as soon as it passes ``budget``. Tensors count as the summary they print."""
    total = 0
    stack = [value]
    seen = set()
    while stack and total <= budget:
        v = stack.pop()
        kind = type(v)
        if kind is str or kind is bytes:
            total += len(v) + 3
        elif kind is int:
            total += v.bit_length() * 3 // 10 + 2
        elif kind in (list, tuple, set, frozenset, dict):
            if id(v) in seen:
                total += 5
                continue
            seen.add(id(v))
            total += 2 + 2 * len(v)
            stack.extend(v.items() if kind is dict else v)
        else:
            data = getattr(v, "_data", None)      # a tensor prints in full up to the threshold, else a summary
            size = getattr(data, "size", 0) if data is not None else 0
            if size:
                size = size if size <= _print_threshold() else 2000
            total += 32 + 16 * size
    return total


_printing = None    # the engine's printing module, once a tensor's text is measured


def _print_threshold() -> int:
    """torch's print threshold. The module is imported on first use (parsing a script must not load
    the engine) and kept: an import statement per printed tensor was half of what print() added."""
    global _printing
    if _printing is None:
        from ..engine import printing
        _printing = printing
    return _printing._OPTIONS.threshold


class WarningCounter:
    """Collects a run's warnings as ``showwarning``: each text formatted when it is raised (inside the
    memory cap) and kept once with its count, so a loop that warns a million times holds one line,
    not a million records; at most MAX_DISTINCT texts of MAX_TEXT characters."""

    MAX_DISTINCT = 100
    MAX_TEXT = 2000

    def __init__(self):
        self.counts: dict = {}
        self.others = 0
        self._last = (None, None, None)     # (category, message text, counted text) of the last warning

    def __call__(self, message, category, filename, lineno, file=None, line=None) -> None:
        # A warning repeated in a loop is one constant string of the engine's (str() of the warning
        # gives it back): its counted text is the last one's, whose hash Python keeps. A new text of
        # 500 characters, hashed at each warning, was half of what a warning cost a script.
        said = str(message)
        last_category, last_said, text = self._last
        if said is not last_said or category is not last_category:
            text = f"{category.__name__}: {said}"
            if len(text) > self.MAX_TEXT:
                text = text[:self.MAX_TEXT] + "..."
            self._last = (category, said, text)
        if text in self.counts or len(self.counts) < self.MAX_DISTINCT:
            self.counts[text] = self.counts.get(text, 0) + 1
        else:
            self.others += 1

    def texts(self) -> list:
        """One line per distinct warning, first seen first, with its count when repeated."""
        lines = [text + (f" (repeated {n} times)" if n > 1 else "") for text, n in self.counts.items()]
        if self.others:
            lines.append(f"{self.others} more warnings of {self.MAX_DISTINCT}+ other kinds not shown")
        return lines


_WIDTHS = re.compile(r"\d+")


def percent_size_estimate(template: str, args) -> int:
    """A lower bound of the length of `template % args`, computed before formatting
    (("%s" * 1000) % ((s,) * 1000) would otherwise build 1000 copies of s first)."""
    if isinstance(args, dict):
        longest = max((len(v) for v in args.values() if isinstance(v, str)), default=0)
        return len(template) + template.count("%(") * longest
    items = args if isinstance(args, tuple) else (args,)
    return len(template) + sum(len(a) for a in items if isinstance(a, str))


INTERRUPT_PERIOD = 0.05     # seconds between two time checks during one long C call that takes signals


@contextlib.contextmanager
def interruptible():
    """Python's regular expressions backtrack in one C call that no time check reaches ('(a*)*c'
    against 30 a's runs for minutes), but the regex engine takes signals: a timer calls the run's
    deadline check (the engine's ``interrupt``) every INTERRUPT_PERIOD, which raises the time limit
    in the call once the deadline has passed. Nothing happens outside a run, off the main thread, or
    while a timer of someone else's is running."""
    import signal
    import threading
    from gradcli.engine import instrumentation
    check = instrumentation.interrupt
    if (check is None or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread()
            or signal.getitimer(signal.ITIMER_REAL)[0]):
        yield
        return
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: check())
    signal.setitimer(signal.ITIMER_REAL, INTERRUPT_PERIOD, INTERRUPT_PERIOD)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def memory_cap(limits: Limits):
    """Cap the process's address space (RLIMIT_AS) while a script runs.

    Sizes checked before allocating (tensors, strings, lists) give the precise
    messages; this is the backstop for everything else that can allocate without
    bound (numpy results of unusual ops, str() of huge nested structures, ...):
    the allocation fails with MemoryError, which a script reports as a "limit"
    error, instead of the kernel killing the process. No-op where the platform
    has no RLIMIT_AS (macOS does not enforce it, Windows has no `resource`).
    """
    budget = limits.memory_budget()
    undo = _cap_address_space(budget) if budget else None
    try:
        yield
    finally:
        if undo is not None:
            undo()


def _cap_address_space(budget: int):
    if not sys.platform.startswith("linux"):
        return None
    try:
        import os
        import resource
        # os.open, not open(): a text file object costs ~60,000 instructions, and ``gradcli check`` caps
        # each of its ~20 evaluations
        fd = os.open("/proc/self/statm", os.O_RDONLY)
        try:
            used = int(os.read(fd, 4096).split()[0]) * os.sysconf("SC_PAGE_SIZE")
        finally:
            os.close(fd)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = used + budget
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        if soft != resource.RLIM_INFINITY and soft <= cap:
            return None  # the process is already capped tighter
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, OSError, ValueError):
        return None

    def undo():
        try:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        except (OSError, ValueError):
            pass
    return undo


def check_format_spec(spec: str, span: Span | None) -> None:
    """Refuse format widths that would build enormous strings ("{:999999999}")."""
    for digits in _WIDTHS.findall(spec):
        if len(digits) > 6 or int(digits) > MAX_FORMAT_WIDTH:
            shown = digits if len(digits) <= 20 else f"of {len(digits)} digits"   # a message stays one line
            raise GradcliError("limit", f"format width {shown} is larger than {MAX_FORMAT_WIDTH}", span)
