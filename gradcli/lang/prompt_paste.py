"""Scripts pasted from a Python session or a docstring: `>>> ` and `... ` prompts.

A source whose first non-blank line starts with `>>>` is a doctest paste.
Prompts are replaced by spaces (so that every line and column of an error
still points into the pasted text), lines without a prompt are the paste's
output and are dropped, and the statements are cut into the chunks the
Python REPL would run one at a time: a chunk starts at a `>>>` line whose
code is not indented, unless it follows a decorator. A chunk whose pasted
output starts with "Traceback (most recent call last):" is expected to fail:
its error is printed and the paste goes on.
"""

from __future__ import annotations

import re

_PROMPT = re.compile(r"^([ \t]*)(>>>|\.\.\.)( |$)")
TRACEBACK = "Traceback (most recent call last):"


def is_doctest(source: str) -> bool:
    """True if the first line that is neither blank nor a comment has a `>>>` prompt."""
    for line in source.splitlines():
        text = line.lstrip()
        if text and not text.startswith("#"):
            return text.startswith(">>>")
    return False


def doctest_chunks(source: str) -> list[tuple[str, bool]] | None:
    """[(chunk source, expects an error)], each chunk padded with blank lines
    so that its line numbers are those of the paste; None if not a paste."""
    if not is_doctest(source):
        return None
    lines = source.splitlines()
    chunks: list[list] = []   # [first line index, last line index, expects error]
    code = [""] * len(lines)
    current = None
    previous_code = ""
    for index, line in enumerate(lines):
        match = _PROMPT.match(line)
        if match is None:
            if current is not None and line.strip() == TRACEBACK and not current[3]:
                current[2] = True
            if line.strip():
                current = _closed(current)
            continue
        prompt = match.group(2)
        text = line[match.end():]
        code[index] = " " * match.end() + text
        starts = (prompt == ">>>" and text.strip() and not text[:1].isspace()
                  and not previous_code.lstrip().startswith("@"))
        if current is None or starts or current[3]:
            current = [index, index, False, False]
            chunks.append(current)
        else:
            current[1] = index
        if text.strip():
            previous_code = text
    result = []
    for first, last, expects_error, _closed_flag in chunks:
        body = "\n".join(code[first:last + 1])
        result.append(("\n" * first + body + "\n", expects_error))
    return result


def _closed(current):
    """Output lines end a chunk: the next prompt starts a new one."""
    if current is not None:
        current[3] = True
    return current
