"""Reading what a command works on: the source text and the ``--at NAME=VALUE`` inputs."""
from __future__ import annotations

import sys
from pathlib import Path

from .errors import EXIT_FAILURE, EXIT_USAGE, CliError


def read_source(expr: str | None, file: Path | None = None) -> tuple[str, str]:
    """(source, filename) from an EXPR argument, ``-`` (standard input) or ``-f FILE``."""
    if file is not None and expr is not None:
        raise CliError("give either an expression or -f FILE, not both")
    if file is not None:
        return read_file(file), str(file)
    if expr is None:
        raise CliError("missing expression: give EXPR, '-' for standard input, or -f FILE")
    if expr == "-":
        return sys.stdin.read(), "<stdin>"
    return expr, "<expr>"


def read_file(path: Path) -> str:
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8-sig")  # a leading BOM is not part of the source
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}", EXIT_USAGE, "io") from None   # a usage error
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror or err}", EXIT_FAILURE, "io") from None
    except UnicodeDecodeError as err:
        raise CliError(f"cannot read {path}: it is not UTF-8 text (byte {err.object[err.start]:#04x} at offset "
                       f"{err.start})", EXIT_FAILURE, "io") from None


def split_assignment(text: str) -> tuple[str, str]:
    """``"x=[1,2]"`` -> ``("x", "[1,2]")``; the name must be an identifier."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name.isidentifier() or not value.strip():
        raise CliError(f"--at expects NAME=VALUE (for example x=3 or w='randn(5,3)'), got {text!r}")
    return name, value.strip()


def load_value(session, name: str, text: str):
    """The value of one ``--at``: a language expression, ``@file.npy`` or ``@file.npz:key``."""
    from ..lang import GradcliError, format_error
    if text.startswith("@"):
        return _load_array(text[1:])
    try:
        return session.eval(text, filename=f"--at {name}")
    except GradcliError as err:   # point the caret into the value, not into the expression
        code = EXIT_USAGE if err.kind == "syntax" else EXIT_FAILURE
        raise CliError(format_error(err, text), code, err.kind, located=True) from None


def _load_array(spec: str):
    import numpy as np
    path, key = spec, ""
    if ":" in spec and not Path(spec).exists():
        path, _, key = spec.rpartition(":")
    try:
        loaded = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as err:
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


def as_leaf(value, torch):
    """A fresh leaf that requires grad, in a floating dtype (ints become the default float)."""
    import numpy as np
    if isinstance(value, torch.Tensor):
        t = value.detach()
    elif isinstance(value, np.ndarray):
        t = torch.from_numpy(np.array(value))
    else:
        try:
            t = torch.tensor(value)
        except (TypeError, ValueError) as err:
            raise CliError(f"cannot make a tensor of {type(value).__name__} {value!r}: {err}",
                           EXIT_FAILURE, "value") from None
    if not (t.is_floating_point() or t.is_complex()):
        t = t.to(torch.get_default_dtype())
    return t.requires_grad_(True)
