"""Parsed scripts kept on disk, so that running a script again skips its parse (and the parse tables).

Python keeps bytecode in ``__pycache__``; gradcli keeps syntax trees in ``<cache dir>/parsed/``, one
JSON file per source text, named by a hash of the text and of the parser's version. Parsing the
25-line loop of benchmarks/bench_lang.py executes 19 M instructions (and a fresh process loads the
parse tables first); reading its tree back, 3.1 M.

A cache file is data, never code: JSON read into ``syntax_tree`` nodes of an allowlist, field by
field (no pickle, no marshal). Each file is signed with a key kept in the same directory and readable
by its owner only (keyed BLAKE2b over the entry's name and text), so an entry this user's gradcli did
not write -- edited, truncated, copied from another machine or planted in a shared directory -- fails
the check and the script is parsed as usual. The version is the grammar's and the tree-shaping
modules' size and mtime (CPython's check of a ``.pyc``): an entry from another version is another
file name. Any failure (no such entry, unreadable or unwritable directory, a key that is not the
user's own) only means the script is parsed.
"""

from __future__ import annotations

import json
import os
from sys import intern as _intern

try:
    from _blake2 import blake2b as _blake2b     # what hashlib.blake2b is, without loading OpenSSL (1-2 ms)
except ImportError:     # pragma: no cover - a Python built without it
    from hashlib import blake2b as _blake2b

from . import syntax_tree as syntax
from .errors import Span
from .grammar_loader import _grammar_file, cache_dir

MAX_ENTRIES = 256       # beyond this many entries, writing one removes the oldest quarter
_FORMAT = 1             # bump when the encoding below changes
_KEY_BYTES = 32

# the node classes an entry may name, by index (the encoding's first item of a node)
NODES = tuple(sorted((c for c in vars(syntax).values()
                      if isinstance(c, type) and issubclass(c, syntax.Node) and c is not syntax.Node),
                     key=lambda c: c.__name__))
_INDEX = {cls: i for i, cls in enumerate(NODES)}
_FIELDS = tuple(cls._fields[1:] for cls in NODES)   # a node's fields after its span
_LENGTHS = tuple(len(fields) + 5 for fields in _FIELDS)     # a node's encoded items: index, span, fields
_SCALARS = (str, int, float, bool, type(None))

_version: str | None = None
_new = object.__new__
_new_span = tuple.__new__


class _Refused(ValueError):
    """An entry that is not a tree this gradcli writes."""


def load(source: str):
    """The tree cached for ``source``, or None."""
    try:
        path, name = _entry(source)
        # O_NONBLOCK: a FIFO planted under the entry's name would block open() for good
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            if os.fstat(f.fileno()).st_mode & 0o170000 != 0o100000:     # a FIFO, a device: never read
                return None
            data = f.read()
        key = _key(create=False)
        if key is None or len(data) <= _KEY_BYTES or _sign(key, name, data[_KEY_BYTES:]) != data[:_KEY_BYTES]:
            return None
        version, tree = json.loads(data[_KEY_BYTES:], object_pairs_hook=_refuse_objects)
        if version != _FORMAT:
            return None
        module = _decode(tree)
    except Exception:     # unreadable, refused, too deep, ...: the script is parsed
        return None
    return module if type(module) is syntax.Module else None


def store(source: str, module) -> None:
    """Keep ``module`` as the tree of ``source``; nothing happens where that cannot be done."""
    try:
        path, name = _entry(source)
        body = json.dumps([_FORMAT, _encode(module)], separators=(",", ":")).encode("ascii")
        directory = os.path.dirname(path)
        os.makedirs(directory, mode=0o700, exist_ok=True)
        key = _key(create=True) if _own_directory(directory) else None
        if key is None:
            return
        _prune(directory)
        tmp = f"{path}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(_sign(key, name, body) + body)
        os.replace(tmp, path)
    except Exception:     # not writable, full, a tree too deep to encode, ...: no entry
        pass


def _entry(source: str) -> tuple[str, str]:
    """(path, name) of the entry for ``source`` under the current parser version."""
    name = _blake2b(source.encode("utf-8", "surrogatepass") + b"\0" + _parser_version().encode(),
                   digest_size=20).hexdigest()
    return os.path.join(cache_dir(), "parsed", name + ".json"), name


def _parser_version() -> str:
    """What the tree of a text depends on: this format, the grammar and the modules that shape the tree."""
    global _version
    if _version is None:
        here = os.path.dirname(os.path.abspath(__file__))
        parts = [str(_FORMAT)]
        for path in (_grammar_file(), *(os.path.join(here, f"{m}.py") for m in (
                "lexer", "parser", "syntax_builder", "syntax_tree", "errors", "parse_cache"))):
            st = os.stat(path)
            parts.append(f"{st.st_size}:{st.st_mtime_ns}")
        _version = "/".join(parts)
    return _version


def _key(create: bool) -> bytes | None:
    """The signing key: a regular file of the user's own that nobody else can read or write.
    Another file there (another owner, looser modes, a link) means no cache, not a new key."""
    path = os.path.join(cache_dir(), "parsed", "key")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)   # (a FIFO would block)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if not create:
            return None
        tmp = f"{path}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(_KEY_BYTES))
        try:
            os.link(tmp, path)      # never replaces a key another process made first
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        key = f.read(_KEY_BYTES + 1)
    getuid = getattr(os, "getuid", None)
    if (not (st.st_mode & 0o170000 == 0o100000) or st.st_mode & 0o077 or len(key) != _KEY_BYTES
            or (getuid is not None and st.st_uid != getuid())):
        return None
    return key


def _sign(key: bytes, name: str, body: bytes) -> bytes:
    return _blake2b(name.encode() + b"\0" + body, key=key, digest_size=_KEY_BYTES).digest()


def _own_directory(path: str) -> bool:
    """Whether ``path`` is a directory of the user's own, not a link, that nobody else may write: a
    ``parsed`` planted in a shared cache directory (a link to one of the user's directories) had
    gradcli write entries there and prune its oldest quarter of ``.json`` files."""
    st = os.lstat(path)
    getuid = getattr(os, "getuid", None)
    return (st.st_mode & 0o170000 == 0o040000 and not st.st_mode & 0o022
            and (getuid is None or st.st_uid == getuid()))


def _is_entry_name(name: str) -> bool:
    """An entry's file name: the 40 hex digits of its hash, then ``.json``."""
    return len(name) == 45 and name.endswith(".json") and all(c in "0123456789abcdef" for c in name[:40])


def _prune(directory: str) -> None:
    """At most MAX_ENTRIES entries: the oldest quarter goes when there are more (entries only)."""
    try:
        entries = [e for e in os.scandir(directory) if _is_entry_name(e.name)]
    except FileNotFoundError:
        return
    if len(entries) < MAX_ENTRIES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime_ns)
    for entry in entries[:len(entries) // 4]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _refuse_objects(pairs):
    raise _Refused("a JSON object in a parse cache entry")


# ------------------------------------------------------------ the encoding
# A node is [class index, line, column, end line, end column, field...] (every node's first field is
# its span); a tuple is ["T", item...], a complex number ["J", real, imag], Ellipsis ["E"]; str, int,
# float, bool and None are themselves.

def _encode(value):
    kind = type(value)
    if kind in _INDEX:
        fields = value.__dict__
        return [_INDEX[kind], *fields["span"], *[_encode(fields[f]) for f in kind._fields[1:]]]
    if kind is tuple:
        return ["T", *[_encode(item) for item in value]]
    if kind is complex:
        return ["J", value.real, value.imag]
    if value is Ellipsis:
        return ["E"]
    if kind in _SCALARS:
        return value
    raise TypeError(f"{kind.__name__} in a syntax tree")


def _decode(value):
    if type(value) is not list:
        return _intern(value) if type(value) is str else value
    head = value[0]
    if type(head) is int:
        if head < 0:
            raise _Refused("a negative node index")
        cls = NODES[head]
        if len(value) != _LENGTHS[head]:
            raise _Refused(f"{cls.__name__} with {len(value) - 5} fields")
        line, column, end_line, end_column = span = value[1:5]
        if type(line) is not int or type(column) is not int or type(end_line) is not int \
                or type(end_column) is not int:
            raise _Refused("a span of other than integers")
        node = _new(cls)
        members = node.__dict__
        members["span"] = _new_span(Span, span)
        index = 5       # (an index into the list: zip over a slice of it cost a fifth of the decoding)
        for field in _FIELDS[head]:
            item = value[index]
            index += 1
            kind = type(item)
            members[field] = _decode(item) if kind is list else _intern(item) if kind is str else item
        return node
    if head == "T":
        return tuple([_decode(item) for item in value[1:]])
    if head == "J" and len(value) == 3 and all(type(n) in (int, float) for n in value[1:]):
        return complex(value[1], value[2])
    if head == "E" and len(value) == 1:
        return Ellipsis
    raise _Refused(f"unknown item {head!r}")
