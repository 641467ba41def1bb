"""Reading what a command works on: the source text and the ``--at NAME=VALUE`` inputs."""
from __future__ import annotations

import os
import stat
import sys
import time

from .errors import EXIT_FAILURE, EXIT_USAGE, CliError


def read_source(expr: str | None, file: str | os.PathLike | None = None) -> tuple[str, str]:
    """(source, filename) from an EXPR argument, ``-`` (standard input) or ``-f FILE``."""
    if file is not None and expr is not None:
        raise CliError("give either an expression or -f FILE, not both")
    if file is not None:
        return read_file(file), str(file)
    if expr is None:
        raise CliError("missing expression: give EXPR, '-' for standard input, or -f FILE")
    if expr == "-":
        return read_file("-"), "<stdin>"
    return expr, "<expr>"


MAX_SOURCE_BYTES = 10 * 1024 * 1024     # a script or expression file; more is not a script
READ_TIMEOUT = 10.0                      # seconds a FIFO or device may keep us waiting for data


def read_file(path: str | os.PathLike, limit: int = MAX_SOURCE_BYTES) -> str:
    """A script's text: at most ``limit`` bytes (``--max-source``), from a file, standard input or a
    FIFO (which must send data within READ_TIMEOUT seconds)."""
    name = "standard input" if str(path) == "-" else str(path)
    try:
        if str(path) == "-" and sys.stdin is None:
            raise CliError("cannot read standard input: it is closed", EXIT_USAGE, "io")
        if str(path) == "-":
            data = _bounded_read(sys.stdin.buffer.raw if hasattr(sys.stdin.buffer, "raw") else sys.stdin.buffer,
                                 name, limit, check_time=False)
        else:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)    # a FIFO's open would wait for a writer
            with open(fd, "rb") as f:
                info = os.fstat(fd)
                if stat.S_ISREG(info.st_mode):
                    if info.st_size > limit:
                        raise CliError(f"cannot read {path}: {info.st_size} bytes is more than a script may "
                                       f"have ({limit} bytes; gradcli run --max-source BYTES allows more)", EXIT_USAGE, "io")
                    data = f.read()
                else:
                    data = _bounded_read(f, name, limit, check_time=True, wait_for_writer=stat.S_ISFIFO(info.st_mode))
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}", EXIT_USAGE, "io") from None   # a usage error
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}", EXIT_FAILURE, "io") from None
    encoding = _declared_encoding(data, path)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        what = "UTF-8" if encoding == "utf-8-sig" else encoding
        raise CliError(f"cannot read {path}: it is not {what} text (byte {err.object[err.start]:#04x} at offset "
                       f"{err.start})", EXIT_FAILURE, "io") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")   # Python's universal newlines (a lone \r too)


def _declared_encoding(data: bytes, path) -> str:
    """UTF-8 (a leading BOM is not part of the source), or the encoding a ``# -*- coding: latin-1 -*-``
    line declares in the first two lines, as Python reads it (PEP 263)."""
    if b"coding" not in b"\n".join(data.split(b"\n", 2)[:2]):
        return "utf-8-sig"
    import io
    import tokenize     # only for a source that declares its encoding
    try:
        encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError as err:
        raise CliError(f"cannot read {path}: {err.msg}", EXIT_FAILURE, "io") from None
    try:    # Python refuses a codec that does not read ASCII as ASCII (utf-16) or is no text codec (rot13)
        readable = b"# coding\n".decode(encoding) == "# coding\n"
    except (LookupError, UnicodeDecodeError):
        readable = False
    if not readable:
        raise CliError(f"cannot read {path}: encoding problem: {encoding}", EXIT_FAILURE, "io")
    return "utf-8-sig" if encoding in ("utf-8", "utf-8-sig") else encoding


def _bounded_read(stream, name: str, limit: int, check_time: bool, wait_for_writer: bool = False) -> bytes:
    """Read until end of file, refusing more than ``limit`` bytes (``/dev/zero`` never ends) and,
    for a FIFO or device, a wait of more than READ_TIMEOUT seconds for the next data. Only a FIFO
    reads as empty before its writer comes; a device's end of file is the end (``/dev/null`` is an
    empty script, as for Python)."""
    import select       # for a FIFO or device: not part of every start-up
    chunks, total = [], 0
    fd = stream.fileno() if check_time else None
    waited_since = time.monotonic()
    while True:
        if check_time and fd is not None:
            ready, _, _ = select.select([fd], [], [], READ_TIMEOUT)
            if not ready:
                raise CliError(f"cannot read {name}: no data came within {READ_TIMEOUT:g} s", EXIT_FAILURE, "io")
        try:
            chunk = stream.read(1 << 16) if not check_time else os.read(fd, 1 << 16)
        except BlockingIOError:
            chunk = None
        if not chunk:
            if wait_for_writer and not chunks and time.monotonic() - waited_since < READ_TIMEOUT:
                time.sleep(0.05)    # a FIFO without a writer yet reads as empty: wait for one
                continue
            if wait_for_writer and not chunks:
                raise CliError(f"cannot read {name}: no data came within {READ_TIMEOUT:g} s (a FIFO with no "
                               f"writer?)", EXIT_FAILURE, "io")
            return b"".join(chunks)
        total += len(chunk)
        if total > limit:
            raise CliError(f"cannot read {name}: more than {limit} bytes, more than a script may have (gradcli run "
                           "--max-source BYTES allows more)", EXIT_USAGE, "io")
        chunks.append(chunk)


def split_assignment(text: str) -> tuple[str, str]:
    """``"x=[1,2]"`` -> ``("x", "[1,2]")``; the name must be an identifier."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name.isidentifier() or not value.strip():
        raise CliError(f"--at expects NAME=VALUE (for example x=3 or w='randn(5,3)'), got {text!r}")
    return name, value.strip()


def load_value(session, name: str, text: str, option: str | None = None):
    """The value of one ``--at``: a language expression, ``@file.npy`` or ``@file.npz:key``. Errors name
    ``option`` (``--grad-output``), else ``--at NAME``."""
    from ..lang import GradcliError, format_error
    if text.startswith("@"):
        return _load_array(text[1:], option or f"--at {name}")
    try:
        return session.eval(text, filename=option or f"--at {name}")
    except GradcliError as err:   # point the caret into the value, not into the expression
        code = EXIT_USAGE if err.kind == "syntax" else EXIT_FAILURE
        raise CliError(format_error(err, text), code, err.kind, located=True) from None


MAX_ARRAY_ELEMENTS = 50_000_000     # the language's default tensor-size limit
NUMERIC_KINDS = "biufc"             # numpy's dtype kinds a tensor can be made of


def _load_array(spec: str, option: str):
    import tokenize     # with numpy's loader: only for an @file input
    import zipfile

    import numpy as np
    path, key = spec, ""
    if ":" in spec and not os.path.exists(spec):
        path, _, key = spec.rpartition(":")
    try:
        mode = os.stat(path).st_mode
    except OSError as err:      # a file argument that names no file is a usage error, as for `gradcli run`
        raise CliError(f"cannot load {path} for {option}: {err.strerror or err}", EXIT_USAGE, "io") from None
    try:
        if not stat.S_ISREG(mode):
            raise CliError(f"cannot load {path} for {option}: "
                           f"{'Is a directory' if stat.S_ISDIR(mode) else 'not a regular file'}", EXIT_USAGE, "io")
        _check_array_sizes(path)
        loaded = np.load(path, allow_pickle=False)
    except (SyntaxError, tokenize.TokenError):     # numpy parses an .npy header with tokenize and ast
        raise CliError(f"cannot load {path}: its .npy header is not a valid header", EXIT_FAILURE, "io") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as err:
        raise CliError(f"cannot load {path}: {err}", EXIT_FAILURE, "io") from None
    if hasattr(loaded, "files"):
        if not key:
            if len(loaded.files) != 1:
                raise CliError(f"{path} holds {', '.join(loaded.files)}: say which with @{path}:KEY")
            key = loaded.files[0]
        if key not in loaded.files:
            raise CliError(f"{path} has no array {key!r} (it has {', '.join(loaded.files)})")
        return loaded[key]
    return loaded


def _check_array_sizes(path: str) -> None:
    """Every array's element count and type, read from its .npy header before any data is: a small
    .npz of zeros can hold billions of elements, a 200-byte .npy a 4-billion-byte string, and an .npz
    member that is not an .npy loads as the raw bytes it inflates to."""
    from numpy.lib import format as npy

    def check(stream, label: str) -> None:
        version = npy.read_magic(stream)
        shape, _, dtype = (npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0)(stream)
        if dtype.kind not in NUMERIC_KINDS:
            raise CliError(f"cannot make a tensor of an array of {dtype}: {label} holds no numbers (a tensor "
                           "holds only bool, integer, floating or complex values)", EXIT_FAILURE, "value")
        count = 1
        for n in shape:
            count *= int(n)
        if count > MAX_ARRAY_ELEMENTS:
            raise CliError(f"cannot load {label}: {count} elements (shape {list(shape)}) is more than the limit of "
                           f"{MAX_ARRAY_ELEMENTS}", EXIT_FAILURE, "limit")

    with open(path, "rb") as f:
        if f.read(4) != b"PK\x03\x04":
            f.seek(0)
            check(f, path)
            return
    import zipfile
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if not member.endswith(".npy"):
                raise CliError(f"cannot load {path}: its member {member!r} is not an .npy array (numpy.savez "
                               "writes only those)", EXIT_FAILURE, "io")
            with archive.open(member) as stream:
                check(stream, f"{path}:{member[:-4]}")


def as_leaf(value, torch):
    """A fresh leaf that requires grad, in a floating dtype (ints become the default float)."""
    import numpy as np
    try:
        if isinstance(value, torch.Tensor):
            t = value.detach()
        elif isinstance(value, np.ndarray):
            t = torch.from_numpy(np.array(value))
        else:
            t = torch.tensor(value)
    except (TypeError, ValueError, OverflowError, RuntimeError) as err:   # ['a'], 10**400, {1, 2}, strings
        what = (f"an array of {value.dtype}" if isinstance(value, np.ndarray)
                else f"{type(value).__name__} {_shortened(repr(value))}")
        raise CliError(f"cannot make a tensor of {what}: {err}", EXIT_FAILURE, "value") from None
    if not (t.is_floating_point() or t.is_complex()):
        t = t.to(torch.get_default_dtype())
    return t.requires_grad_(True)


def _shortened(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
