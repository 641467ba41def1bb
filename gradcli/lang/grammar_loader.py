"""Find grammar/gradcli.lark and turn it into cached LALR tables.

Lark compiles the grammar (about 0.2 s) and its import alone costs more than
the whole start-up budget, so lark runs only when the tables for this exact
grammar text are not cached yet. The tables are plain data (terminals,
rules, states, the lexer's compiled regexp) written with `marshal` to the user's cache directory;
gradcli.lang.parser drives them without lark. If the cache directory is not
writable the tables are kept for the life of the process only.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib

from .lexer import master_pattern, regex_code

# Bump when the layout of the table data changes.
TABLE_FORMAT = 6
# How the parser applies a rule (a plan's kind, see _driver_tables)
INLINE, EXPAND1, BUILD = 0, 1, 2

# os.path, not pathlib: the one-shot ``grad`` loads no pathlib (3 ms of imports with urllib)
_HERE = os.path.dirname(os.path.realpath(__file__))
# Installed: gradcli/grammar/gradcli.lark (package data). Checkout: the
# gradcli/grammar symlink points at the top-level grammar/ directory; the
# second candidate covers a checkout where the symlink was not created.
GRAMMAR_CANDIDATES = (
    os.path.join(os.path.dirname(_HERE), "grammar", "gradcli.lark"),
    os.path.join(os.path.dirname(os.path.dirname(_HERE)), "grammar", "gradcli.lark"),
)

START_SYMBOLS = ("start", "eval_input")

_tables: dict | None = None


def grammar_path():
    """The grammar file shipped with this copy of gradcli (a ``pathlib.Path``)."""
    from pathlib import Path
    return Path(_grammar_file())


def _grammar_file() -> str:
    for candidate in GRAMMAR_CANDIDATES:
        if os.path.isfile(candidate):
            return candidate
    raise FileNotFoundError(
        "gradcli grammar not found; looked in "
        + ", ".join(str(c) for c in GRAMMAR_CANDIDATES))


def cache_dir() -> str:
    """$GRADCLI_CACHE_DIR, else $XDG_CACHE_HOME/gradcli, else ~/.cache/gradcli. A relative XDG_CACHE_HOME
    is ignored, as the XDG spec says (it would put a cache in whatever directory gradcli runs in)."""
    explicit = os.environ.get("GRADCLI_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gradcli")


def load_tables() -> dict:
    """The parse tables for the current grammar, from cache when possible."""
    global _tables
    if _tables is None:
        with open(_grammar_file(), "rb") as f:
            text = f.read()
        key = f"{zlib.crc32(text):08x}-{len(text)}-f{TABLE_FORMAT}"
        path = os.path.join(cache_dir(), f"grammar-{key}.marshal")
        _tables = _read_cache(path)
        if _tables is None:
            _tables = build_tables(text.decode("utf-8"))
            _write_cache(path, _tables)
    return _tables


def _read_cache(path: str) -> dict | None:
    try:
        # O_NONBLOCK: a FIFO planted under the tables' name would block open() for good
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            if not _own_file(f.fileno()):
                return None
            # loads(read()), not load(f): load calls the file's readinto once per object, 3x slower
            data = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return data if isinstance(data, dict) and data.get("format") == TABLE_FORMAT else None


def _own_file(fd: int) -> bool:
    """Whether the open file is a regular file of the user's own that nobody else may write: tables
    planted in a shared cache directory by another user would decide what a script means (and _sre runs
    their regexp code); a FIFO or a device there would make the read wait or never end."""
    st = os.fstat(fd)
    getuid = getattr(os, "getuid", None)
    return (st.st_mode & 0o170000 == 0o100000 and not st.st_mode & 0o022
            and (getuid is None or st.st_uid == getuid()))


def _write_cache(path: str, tables: dict) -> None:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        # a new file, never through a link planted under its name (it would overwrite the link's target)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            marshal.dump(tables, f)
        os.replace(tmp, path)
    except OSError:
        pass  # not writable: the tables stay in memory for this process


def build_tables(grammar_text: str) -> dict:
    """Compile the grammar with lark and export what the runtime needs.

    Terminals come out in lark's lexing order, keywords folded into NAME;
    each rule records how lark would shape its children (filtered tokens,
    inlined `_rules`, `[]` placeholders, `?rule` single-child expansion) so
    that the runtime builds the same tree lark would.
    """
    from array import array

    import lark
    from lark.indenter import PythonIndenter

    parser = lark.Lark(grammar_text, parser="lalr", lexer="basic",
                       postlex=PythonIndenter(), start=list(START_SYMBOLS),
                       maybe_placeholders=True)
    frontend = parser.parser
    table = frontend.parser._parse_table
    rules = list(frontend.parser_conf.rules)
    rule_index = {id(rule): i for i, rule in enumerate(rules)}

    terminals, keywords, literals = _export_terminals(frontend.lexer_conf.terminals)
    symbols = sorted({str(symbol) for row in table.states.values() for symbol in row})
    symbol_ids = {name: i for i, name in enumerate(symbols)}
    # One dense int32 row per state, one column per symbol: 0 is an error,
    # s + 1 shifts to state s (or goes to it after a reduction), -(r + 1)
    # reduces by rule r. Loading it is a copy, not 20,000 small objects.
    actions = array("i", bytes(4 * len(symbols) * len(table.states)))
    for state, row in table.states.items():
        base = state * len(symbols)
        for symbol, (action, arg) in row.items():
            cell = arg + 1 if action.name == "Shift" else -(rule_index[id(arg)] + 1)
            actions[base + symbol_ids[str(symbol)]] = cell
    exported = tuple(_export_rule(rule) for rule in rules)
    return {
        **_driver_tables(exported, symbol_ids),
        "format": TABLE_FORMAT,
        "terminals": terminals,
        "master_code": regex_code(master_pattern(terminals)),   # the lexer's regexp, compiled (see lexer)
        "keywords": keywords,
        "literals": literals,
        "ignore": tuple(str(name) for name in frontend.lexer_conf.ignore),
        "rules": exported,
        "symbols": tuple(symbols),
        "actions": actions.tobytes(),
        "start_states": {str(k): v for k, v in table.start_states.items()},
        "end_states": {str(k): v for k, v in table.end_states.items()},
        "lark_version": lark.__version__,
        "python": sys.version_info[:2],
    }


def _driver_tables(rules: tuple, columns: dict) -> dict:
    """What the parser's driver reads of each rule, worked out with the tables (it cost every start-up
    ~3 M instructions): ``columns``, symbol -> column of the action table; ``units[rule]``, the column
    of the rule's symbol when the rule is a one-child ``?rule`` whose reduction only changes the state
    (the child is the value, its span the span), else -1; ``plans[rule]``, (its symbol's column, size,
    builder method, kind, steps, Nones after). Kind: an ``_rule`` is spliced into its parent
    (INLINE), a ``?rule`` with one child is that child (EXPAND1), any other rule is built (BUILD).
    Steps are the rule's include plan, or None when it keeps every child in order (no token
    filtered, none spliced, no placeholder): then the children are the list."""
    units, plans = [], []
    for origin, size, name, expand1, include, nones_after in rules:
        inline = origin.startswith("_")
        units.append(columns[origin] if size == 1 and expand1 and not inline and include == ((0, False, 0),)
                     and not nones_after else -1)
        keeps_all = include == tuple((i, False, 0) for i in range(size)) and not nones_after
        plans.append((columns[origin], size, name, INLINE if inline else EXPAND1 if expand1 else BUILD,
                      None if keeps_all else include, nones_after))
    return {"columns": columns, "units": tuple(units), "plans": tuple(plans)}


def _export_terminals(terminal_defs):
    """(name, regexp) in lark's match order; keywords; literal spellings."""
    import re

    literals = {str(t.name): str(t.pattern.value) for t in terminal_defs if t.pattern.type == "str"}
    keywords: dict[str, dict[str, str]] = {}
    embedded = set()
    for regex_term in (t for t in terminal_defs if t.pattern.type == "re"):
        for str_term in (t for t in terminal_defs if t.pattern.type == "str"):
            if (str_term.priority == regex_term.priority
                    and re.fullmatch(regex_term.pattern.to_regexp(), str_term.pattern.value)):
                keywords.setdefault(str(regex_term.name), {})[
                    str(str_term.pattern.value)] = str(str_term.name)
                embedded.add(str_term.name)
    ordered = sorted(
        (t for t in terminal_defs if t.name not in embedded),
        key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
    terminals = tuple((str(t.name), str(t.pattern.to_regexp())) for t in ordered)
    return terminals, keywords, literals


def _export_rule(rule) -> tuple:
    """(origin, size, name, expand1, include, nones_after) for one BNF rule.

    `include` lists (child index, splice?, Nones to insert before it), the
    same plan lark's ChildFilterLALR follows. `name` is the alias or the
    origin: the AstBuilder method that receives the children.
    """
    expansion = rule.expansion
    empty = rule.options.empty_indices
    if empty:
        bits = "".join(str(int(b)) for b in empty)
        nones_at = [len(ones) for ones in bits.split("0")]
    else:
        nones_at = [0] * (len(expansion) + 1)
    keep_all = rule.options.keep_all_tokens
    include = []
    pending = 0
    for i, sym in enumerate(expansion):
        pending += nones_at[i]
        if keep_all or not (sym.is_term and sym.filter_out):
            splice = (not sym.is_term) and sym.name.startswith("_")
            include.append((i, splice, pending))
            pending = 0
    pending += nones_at[len(expansion)]
    origin = str(rule.origin.name)
    expand1 = bool(rule.options.expand1 and not rule.alias)
    return (origin, len(expansion), str(rule.alias or origin), expand1,
            tuple(include), pending)
