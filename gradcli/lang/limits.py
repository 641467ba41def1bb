"""The sandbox's limits, as named numbers, and the checks that enforce them.

Every check raises a GradcliError of kind "limit" that names the limit, so a
runaway script ends with a message instead of a hang or an out-of-memory
kill. `RunState` is the per-run budget the compiled closures consult.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from .errors import GradcliError, Span

DEFAULT_MAX_ELEMENTS = 50_000_000
DEFAULT_MAX_RECURSION = 200
DEFAULT_TIMEOUT = 60.0
DEFAULT_MAX_INT_DIGITS = 4300
DEFAULT_MAX_SEQUENCE = 10_000_000
MAX_FORMAT_WIDTH = 10_000


@dataclass(frozen=True)
class Limits:
    """What one run of a script may use. `timeout` is seconds of wall time
    per `Session.run`/`eval` call (None: no limit)."""

    max_elements: int = DEFAULT_MAX_ELEMENTS      # elements of one tensor
    max_recursion: int = DEFAULT_MAX_RECURSION    # nested script calls
    timeout: float | None = DEFAULT_TIMEOUT
    max_int_digits: int = DEFAULT_MAX_INT_DIGITS  # decimal digits of an int
    max_sequence: int = DEFAULT_MAX_SEQUENCE      # items of a list/str/range


class RunState:
    """The mutable budget of the current run: deadline and call depth."""

    __slots__ = ("limits", "deadline", "depth", "max_int_bits", "where", "handling")

    def __init__(self, limits: Limits):
        self.limits = limits
        self.deadline = float("inf")
        self.depth = 0
        # ((filename, source), span) of the statement running now (anomaly mode
        # names it), and the errors being handled by `except` clauses (for `raise`).
        self.where = None
        self.handling: list = []
        # 10**digits needs digits * log2(10) bits.
        self.max_int_bits = int(limits.max_int_digits * 3.3219280948873626) + 1

    def start(self) -> None:
        timeout = self.limits.timeout
        self.deadline = time.monotonic() + timeout if timeout is not None else float("inf")
        self.depth = 0
        self.handling = []

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

    def check_length(self, n: int, what: str, span: Span | None) -> None:
        if n > self.limits.max_sequence:
            raise GradcliError(
                "limit", f"{what} of {n} items exceeds the limit of {self.limits.max_sequence}",
                span)

    def check_elements(self, n: int, span: Span | None) -> None:
        if n > self.limits.max_elements:
            raise GradcliError(
                "limit", f"a tensor of {n} elements exceeds the limit of "
                f"{self.limits.max_elements} elements", span)


_WIDTHS = re.compile(r"\d+")


def check_format_spec(spec: str, span: Span | None) -> None:
    """Refuse format widths that would build enormous strings ("{:999999999}")."""
    for digits in _WIDTHS.findall(spec):
        if len(digits) > 6 or int(digits) > MAX_FORMAT_WIDTH:
            raise GradcliError("limit", f"format width {digits} is larger than {MAX_FORMAT_WIDTH}",
                               span)
