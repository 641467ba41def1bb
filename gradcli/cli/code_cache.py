"""The bytecode of the modules a command imports from source, gradcli's, numpy's and the standard
library's, in one file, so that its ~150 imports of gradcli's modules, ~80 of numpy's and ~40 of
the standard library's skip the import system's per-file search and reads (gradcli's: ~19 M
instructions and ~1,300 system calls, 3.6% of a command's start; numpy's: ~13 M more; the standard
library's: ~6 M).

A supervised command installs the finder before it forks (``cli.app``), a worker at the latest
before it imports numpy and the engine (``cli.preload``); a module it serves is the one the usual
import would give (a ``SourceFileLoader`` for the same file, only
its code object read from here). An entry is used only while its source file has the mtime and
size its ``.pyc`` was compiled from (CPython's own check of a ``.pyc``); otherwise the module is
imported as usual and, when the command leaves, the file is written again with every module of
those three places it loaded from a valid ``.pyc``. Which file a name means is decided as usual: a
top-level module (``numpy``, ``typing``) is looked up through ``sys.path`` (a script's directory
may hold a ``typing.py``), and only its code comes from here if the usual import finds the file of
the entry; a submodule outside gradcli is served only from the first directory of its parent's
``__path__``, where the usual import looks first (``_first_in``). The file is kept in gradcli's cache directory, one per
installed copy and Python build; none is written where that directory is not writable.

A module without a usable ``.pyc`` (none written, or hash-checked as pip compiles them under
SOURCE_DATE_EPOCH) is recorded as such with its source's mtime and size, so that later commands do
not read its ``.pyc`` again to find out.

The file is mapped, not read: each code object is unmarshalled straight from the page cache,
where reading the 3 MB into memory first cost ~1,500 page faults (more than the imports it saves
in a VM).

Groups of modules every command loads together are also kept in one marshal of all their code
objects each, read at the first module of the group: one marshal shares the names, strings and
constants its modules have in common, which separate ones each make and intern again (a fifth of
unmarshalling them: ~10 M instructions for the engine's ~155 modules). The groups: ``numpy``, what
``import numpy`` loads with the standard modules before it, and ``engine``, what ``import
gradcli.engine`` loads (both noted by ``cli.preload``), and ``language``, the language's modules
a session needs before it runs anything (noted when a command has made its session). A command
notes its groups (``note_group``); the shared copies are made whenever the file is written, from the
same ``.pyc`` code as the modules' own entries, which stay for everything else.

Layout: the length of the header (8 bytes, little-endian), the header (marshal: the index, name ->
source path, is package, mtime, size, .pyc path, offset, length, with offset -1 for a module
without a usable ``.pyc``; and the groups, name -> (module names, offset, length)), then the code,
offsets from the end of the header.
"""
from __future__ import annotations

import _imp
import marshal
import os
import sys
import zlib
from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader
from types import CodeType

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # this copy's gradcli/
_FORMAT = 3
_finder = None       # the installed finder, in a worker
_noted: dict = {}       # group -> the modules this process noted for it (note_group)


class BundledLoader(SourceFileLoader):
    """The usual loader of a source file, with the code object it reads taken from the bundle."""

    def get_code(self, fullname):
        code = _finder.code(fullname, self.path) if _finder is not None else None
        if code is None:
            return super().get_code(fullname)
        _imp._fix_co_filename(code, self.path)     # as the usual load of a .pyc
        return code


class Finder:
    """A meta path finder for the gradcli modules in the bundle whose sources are unchanged."""

    def __init__(self, path: str):
        self.path = path
        self.entries = {}
        self._blob = self._map = None
        self.groups: dict = {}            # group -> (module names, offset, length) of its shared marshal
        self._group_of: dict = {}         # module -> its group
        self._group_code: dict = {}       # group -> module -> code, once read
        self.preloaded = set(sys.modules)     # imported before it was installed: never its to serve
        self.served: set = set()              # the modules it found a spec for (``save`` skips them)
        try:
            # O_NONBLOCK: a FIFO planted under the bundle's name would block open() for good
            with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
                if not _own_file(f.fileno()):
                    return
                import mmap
                self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            view = memoryview(self._map)
            n = int.from_bytes(view[:8], "little")
            entries, groups = marshal.loads(view[8:8 + n])
            if isinstance(entries, dict) and isinstance(groups, dict):
                self.entries, self._blob, self.groups = entries, view[8 + n:], groups
                self._group_of = {name: group for group, (names, _, _) in groups.items() for name in names}
        except Exception:    # none yet (ValueError: empty), or damaged (marshal raises any of several)
            pass

    def find_spec(self, fullname, path=None, target=None):
        entry = self.entries.get(fullname)
        if entry is None or entry[5] < 0 or not _unchanged(entry):
            return None
        if path is None:        # top-level: where sys.path leads, as always
            found = PathFinder.find_spec(fullname)
            if found is None or found.origin != entry[0]:
                return None
        elif not fullname.startswith("gradcli.") and not _first_in(path, entry):
            return None
        origin, package, mtime, size, cached = entry[:5]
        self.served.add(fullname)
        spec = ModuleSpec(fullname, BundledLoader(fullname, origin), origin=origin, is_package=package)
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        spec.cached = cached
        spec.has_location = True
        return spec

    def code(self, fullname: str, origin: str):
        entry = self.entries.get(fullname)
        if entry is None or entry[0] != origin or self._blob is None:
            return None
        try:
            group = self._group_of.get(fullname)
            if group is not None:
                code = self._grouped(group, fullname)
            else:
                code = marshal.loads(self._blob[entry[5]:entry[5] + entry[6]])
        except Exception:     # a damaged file (marshal raises EOFError, ValueError, SystemError...): the .pyc
            return None
        return code if code.__class__ is CodeType else None

    def _grouped(self, group: str, fullname: str):
        """One module's code from its group's shared marshal, read whole on the group's first request."""
        codes = self._group_code.get(group)
        if codes is None:
            names, at, length = self.groups[group]
            codes = self._group_code[group] = dict(zip(names, marshal.loads(self._blob[at:at + length])))
        return codes.pop(fullname, None)     # each is executed once: kept no longer

    def detach(self) -> dict:
        """Every entry with its code as bytes (None: no usable .pyc), the file unmapped (so that it can be
        replaced)."""
        entries = {name: e[:5] + (bytes(self._blob[e[5]:e[5] + e[6]]) if e[5] >= 0 else None,)
                   for name, e in self.entries.items()}
        if self._blob is not None:
            self._blob.release()
            self._map.close()
        self.entries, self._blob = {}, None
        return entries


def _own_file(fd: int) -> bool:
    """Whether the open file is a regular file of the user's own that nobody else may write: the bundle
    is code this process runs, so one planted in a shared cache directory by another user is never
    read (nor a FIFO or a device, whose read would wait or never end)."""
    st = os.fstat(fd)
    getuid = getattr(os, "getuid", None)
    return (st.st_mode & 0o170000 == 0o100000 and not st.st_mode & 0o022
            and (getuid is None or st.st_uid == getuid()))


def _first_in(path, entry) -> bool:
    """Whether the usual import would find the entry's file: a submodule is looked for in its parent's
    ``__path__`` alone, the first directory of it that has the name wins."""
    location = os.path.dirname(entry[0])
    if entry[1]:
        location = os.path.dirname(location)
    return bool(path) and path[0] == location


def _unchanged(entry) -> bool:
    """Whether the entry's source still has the mtime and size it was recorded with."""
    try:
        st = os.stat(entry[0])
    except OSError:
        return False
    return (int(st.st_mtime) & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF) == entry[2:4]


def bundle_path() -> str:
    """The bundle of this copy of gradcli for this Python build, in gradcli's cache directory."""
    key = zlib.crc32(f"{_PACKAGE}\0{sys.version}\0{sys.implementation.cache_tag}".encode())
    return os.path.join(_cache_dir(), f"code-{key:08x}-f{_FORMAT}.marshal")


def _cache_dir() -> str:
    """As ``lang.grammar_loader.cache_dir`` (not imported: ``gradcli ops`` loads no language)."""
    explicit = os.environ.get("GRADCLI_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):     # unset, or relative: invalid by the XDG spec (a cache in the working directory)
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gradcli")


def install() -> None:
    """Serve gradcli's modules from the bundle from now on in this process (not with ``-O``, whose
    ``.pyc`` files are others). PYTHONDONTWRITEBYTECODE does not turn it off: the bundle holds only
    ``.pyc`` files an install or an import already wrote, in gradcli's cache as the grammar's tables."""
    global _finder
    if _finder is not None or sys.flags.optimize:
        return
    _finder = Finder(bundle_path())
    sys.meta_path.insert(0, _finder)


def note_group(group: str, prefix: str) -> None:
    """Remember the modules under ``prefix`` loaded by now as ``group``, for the shared marshal that
    ``save`` writes (see the module's docstring)."""
    _noted[group] = tuple(name for name in sys.modules if name.startswith(prefix))


def note_loaded_since_install(group: str) -> None:
    """Remember the modules loaded since the finder was installed, but gradcli's, as ``group``."""
    if _finder is not None:
        _noted[group] = tuple(name for name in sys.modules
                              if name not in _finder.preloaded and not name.startswith("gradcli"))


def save() -> None:
    """Write the bundle again if a gradcli module this process loaded has a valid ``.pyc`` that is
    not in it (a first run, a changed source, a module no command had loaded yet)."""
    if _finder is None:
        return
    fresh = {}
    # (the modules it served and those loaded before it, left out in C: a loop over all of sys.modules
    # cost every command ~0.5 M instructions)
    for name in sys.modules.keys() - _finder.served - _finder.preloaded:
        spec = getattr(sys.modules.get(name), "__spec__", None)
        if spec is None or isinstance(spec.loader, BundledLoader) or not spec.cached or not spec.origin:
            continue
        known = _finder.entries.get(name)
        if known is not None and known[5] < 0 and known[0] == spec.origin and _unchanged(known):
            continue          # no usable .pyc when it was last seen, and the source is the same
        entry = _entry(spec)
        if entry is not None:
            fresh[name] = entry
    if fresh:
        groups = {group: names for group, (names, _, _) in _finder.groups.items()}
        _write({**_finder.detach(), **fresh}, {**groups, **_noted})


def _entry(spec) -> tuple | None:
    """The bundle's entry for a module of this copy: its ``.pyc``'s code if the ``.pyc`` was compiled
    from the source as it is now (timestamp-checked), else None in place of the code."""
    if not spec.origin.endswith(".py") or not _served(spec.origin):
        return None
    try:
        st = os.stat(spec.origin)
    except OSError:
        return None
    stamp = (int(st.st_mtime) & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF)
    entry = (spec.origin, spec.submodule_search_locations is not None, *stamp, spec.cached)
    try:
        with open(spec.cached, "rb") as f:
            data = f.read()
    except OSError:
        return entry + (None,)
    from importlib.util import MAGIC_NUMBER
    usable = (len(data) >= 16 and data[:4] == MAGIC_NUMBER and int.from_bytes(data[4:8], "little") == 0
              and (int.from_bytes(data[8:12], "little"), int.from_bytes(data[12:16], "little")) == stamp)
    return entry + (data[16:] if usable else None,)


def _served(origin: str) -> bool:
    """Whether a module's source is this copy's gradcli's, the imported numpy's or the standard library's
    (where ``os`` comes from), not another package's (Typer's, Rich's: the supervisor's and the REPL's,
    whose entries would only make every command's index longer)."""
    places = [_PACKAGE] + [os.path.dirname(getattr(sys.modules.get(name), "__file__", None) or "")
                           for name in ("numpy", "os")]
    for place in filter(None, places):
        if origin.startswith(place + os.sep):
            inside = origin[len(place) + 1:].split(os.sep, 1)[0]
            return place != places[2] or inside not in ("site-packages", "dist-packages")
    return False


def _write(entries: dict, groups: dict) -> None:
    """Write ``entries`` (code as bytes) in the mapped layout, with the code of each group's modules
    among them (group -> names) also in one marshal, atomically."""
    index, chunks, at = {}, [], 0
    for name, entry in entries.items():
        if entry[5] is None:
            index[name] = entry[:5] + (-1, 0)
            continue
        index[name] = entry[:5] + (at, len(entry[5]))
        chunks.append(entry[5])
        at += len(entry[5])
    shared = {}
    for group, names in groups.items():
        names = tuple(name for name in names if name in entries and entries[name][5] is not None)
        code = marshal.dumps(tuple(marshal.loads(entries[name][5]) for name in names))
        shared[group] = (names, at, len(code))
        chunks.append(code)
        at += len(code)
    head = marshal.dumps((index, shared))
    temporary = f"{_finder.path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(temporary), exist_ok=True)
        # at most 0o644 whatever the umask: a group-writable bundle is never read (_own_file)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(len(head).to_bytes(8, "little") + head + b"".join(chunks))
        os.replace(temporary, _finder.path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
