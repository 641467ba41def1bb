"""An EXPR that starts with ``-`` (``gradcli grad '-log(x)' --at x=3``) is an expression, not an
option: Click would read ``-log(x)`` as the short options ``-l -o -g...``. Before Click sees the
words, a leading-dash word that is not one of the command's options is moved behind ``--`` at
the end, where Click takes it as the positional EXPR whatever its spelling."""
from __future__ import annotations


def protect_dash_expr(args: list, option_names: set, valued: set) -> list:
    """``args`` (after the command name) with a dash-led EXPR moved behind ``--``.

    ``option_names`` are every spelling of the command's options, ``valued`` those that take
    a value (the word after them is that value, never EXPR)."""
    out, expr = [], None
    words = iter(range(len(args)))
    for i in words:
        word = args[i]
        if word == "--":
            return args
        name = word.split("=", 1)[0]
        if word == "-" or not word.startswith("-") or name in option_names:
            out.append(word)
            if name in valued and "=" not in word and i + 1 < len(args):
                out.append(args[i + 1])
                next(words, None)
            continue
        if expr is not None or not looks_like_expression(word):
            out.append(word)
            continue
        expr = word
    return out if expr is None else out + ["--", expr]


def looks_like_expression(word: str) -> bool:
    """``-x``, ``-log(x)``, ``-2*x``: a minus and an operand; ``-h`` and ``--typo`` stay options
    so Click can say they are unknown."""
    if word.startswith("--"):
        return False
    return len(word) > 1 and (word[1].isalnum() or word[1] in "(.[_") and word[1:] not in ("h",)
