"""Render tensors byte for byte as PyTorch's ``repr(tensor)`` / ``str(tensor)``.

gradcli promises users the exact text torch would print, so every rule here
mirrors ``torch/_tensor_str.py``: one formatter shared by all shown elements
(integer, fixed or scientific mode), right-aligned padding, line wrapping,
summarization past the threshold and the trailing keyword suffixes.  Only numpy
and the standard library are used, so the engine never needs torch.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

__all__ = [
    "PrintOptions",
    "format_size",
    "format_tensor",
    "get_printoptions",
    "set_printoptions",
]

_PREFIX = "tensor("


class PrintOptions:
    """Torch's print options; the defaults are torch's ``default`` profile. (A plain class, not a
    dataclass: importing ``dataclasses`` cost ~1% of every command's start.)"""

    def __init__(self, precision: int = 4, threshold: float = 1000, edgeitems: int = 3, linewidth: int = 80,
                 sci_mode: bool | None = None):
        self.precision = precision
        self.threshold = threshold
        self.edgeitems = edgeitems
        self.linewidth = linewidth
        self.sci_mode = sci_mode


_PROFILES: dict[str, dict[str, Any]] = {
    "default": {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80},
    "short": {"precision": 2, "threshold": 1000, "edgeitems": 2, "linewidth": 80},
    "full": {"precision": 4, "threshold": math.inf, "edgeitems": 3, "linewidth": 80},
}

_OPTIONS = PrintOptions()


def set_printoptions(
    precision: int | None = None,
    threshold: float | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    profile: str | None = None,
    sci_mode: bool | None = None,
) -> None:
    """Change the module-wide defaults the way ``torch.set_printoptions`` does.

    As in torch, a profile is applied first and explicit values override it,
    and ``sci_mode`` is always reset (``None`` means "choose automatically").
    Unlike torch, an unknown profile name raises instead of being ignored.
    """
    if profile is not None:
        if profile not in _PROFILES:
            raise ValueError(f"unknown print profile {profile!r}; expected one of {sorted(_PROFILES)}")
        for name, value in _PROFILES[profile].items():
            setattr(_OPTIONS, name, value)
    if precision is not None:
        _OPTIONS.precision = precision
    if threshold is not None:
        _OPTIONS.threshold = threshold
    if edgeitems is not None:
        _OPTIONS.edgeitems = edgeitems
    if linewidth is not None:
        _OPTIONS.linewidth = linewidth
    _OPTIONS.sci_mode = sci_mode


def get_printoptions() -> dict[str, Any]:
    """Current defaults as keyword arguments accepted by :func:`set_printoptions`."""
    return dict(vars(_OPTIONS))


def format_size(shape: Sequence[int]) -> str:
    """``torch.Size`` text, e.g. ``torch.Size([2, 3])``."""
    return f"torch.Size([{', '.join(str(int(n)) for n in shape)}])"


# numpy has no bfloat16: such values travel as float32 and are rounded in _cast.
_FLOATS = {"float16": np.float16, "bfloat16": np.float32, "float32": np.float32, "float64": np.float64}
_INTS = {
    "uint8": np.uint8,
    "uint16": np.uint16,
    "uint32": np.uint32,
    "uint64": np.uint64,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
}
_COMPLEXES = {"complex64": np.complex64, "complex128": np.complex128}


def format_tensor(
    values: np.ndarray,
    dtype_name: str,
    *,
    default_float: str = "float32",
    suffixes: Sequence[str] = (),
    options: PrintOptions | None = None,
) -> str:
    """Return exactly what torch prints for a CPU tensor with these values.

    ``values`` are cast to ``dtype_name`` first (bfloat16 is rounded the way
    torch rounds it), so the digits match a torch tensor of that dtype even when
    the caller holds wider values.  ``suffixes`` (``requires_grad=True``,
    ``grad_fn=<...>``) follow the ``size=`` and ``dtype=`` texts this function
    adds itself, in torch's order.
    """
    opts = _OPTIONS if options is None else options
    arr = _cast(np.asarray(values), dtype_name)
    shape = tuple(int(n) for n in arr.shape)
    extra: list[str] = []
    if arr.size == 0:
        # No elements to infer the dtype from, so torch names all but the default float.
        if arr.ndim != 1:
            extra.append(f"size={shape}")
        if dtype_name != default_float:
            extra.append(f"dtype=torch.{dtype_name}")
        body = "[]"
    else:
        if not opts.edgeitems:
            extra.append(f"size={shape}")
        if dtype_name not in (default_float, _default_complex(default_float), "int64", "bool"):
            extra.append(f"dtype=torch.{dtype_name}")
        body = _tensor_body(arr, dtype_name, len(_PREFIX), opts)
    extra.extend(suffixes)
    return _add_suffixes(_PREFIX + body, extra, len(_PREFIX), opts.linewidth)


def _default_complex(default_float: str) -> str:
    return "complex128" if default_float == "float64" else "complex64"


def _cast(arr: np.ndarray, dtype_name: str) -> np.ndarray:
    """Values as torch would hold them; floats come back as exact float64."""
    if dtype_name in _FLOATS:
        if arr.dtype != _FLOATS[dtype_name]:
            # Out-of-range values become inf, as in torch, without numpy's warning.
            with np.errstate(over="ignore"):
                arr = arr.astype(_FLOATS[dtype_name])
        if dtype_name == "bfloat16":
            arr = _round_bfloat16(arr)
        return arr.astype(np.float64, copy=False)
    if dtype_name in _INTS:
        return arr.astype(_INTS[dtype_name], copy=False)
    if dtype_name in _COMPLEXES:
        return arr.astype(_COMPLEXES[dtype_name], copy=False).astype(np.complex128, copy=False)
    if dtype_name == "bool":
        return arr.astype(np.bool_, copy=False)
    raise ValueError(f"unsupported dtype {dtype_name!r}")


def _round_bfloat16(arr: np.ndarray) -> np.ndarray:
    """Round float32 to bfloat16 (nearest, ties to even), as torch's conversion does."""
    bits = arr.view(np.uint32).astype(np.uint64)
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    out = bits.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(arr), arr, out)


def _tensor_body(arr: np.ndarray, dtype_name: str, indent: int, opts: PrintOptions) -> str:
    """The bracketed contents of a non-empty tensor."""
    summarize = arr.size > opts.threshold
    edge = opts.edgeitems
    if arr.ndim and summarize and not edge:
        return "[...]"
    # Torch builds its formatter from the summarized elements only, which are
    # exactly the elements it shows, so each is formatted once here.
    cuts = tuple(summarize and n > 2 * edge for n in arr.shape)
    for axis, cut in enumerate(cuts):
        if cut:
            n = arr.shape[axis]
            arr = np.take(arr, np.r_[0:edge, n - edge : n], axis=axis)
    flat = arr.reshape(-1)
    if dtype_name in _COMPLEXES:
        real, real_width = _float_strings(flat.real, opts)
        imag, imag_width = _float_strings(flat.imag, opts)
        strings = [_join_complex(r, i) for r, i in zip(real, imag)]
        element_length = real_width + 2 + imag_width + 1
    else:
        if dtype_name in _FLOATS:
            strings, width = _float_strings(flat, opts)
        else:
            strings = [str(v) for v in flat.tolist()]
            width = max(map(len, strings))
            strings = [s.rjust(width) for s in strings]
        element_length = width + 2
    if arr.ndim == 0:
        return strings[0]
    return _nest(iter(strings), arr.shape, cuts, edge, indent, element_length, opts.linewidth)


def _float_strings(values: np.ndarray, opts: PrintOptions) -> tuple[list[str], int]:
    """Format float64 values with torch's shared formatter; returns strings and width.

    The mode is decided on nonzero finite values (all integral -> ``2.``;
    spread over 1000x, above 1e8 or below 1e-4 -> scientific) and so is the
    width, which is why ``nan``, ``inf`` and ``-0.`` may stick out.
    """
    keep = np.isfinite(values) & (values != 0)
    chosen = values[keep]
    precision = opts.precision
    pylist = values.tolist()
    if chosen.size == 0:
        int_mode, sci_mode = True, False
    else:
        magnitude = np.abs(chosen)
        low, high = float(magnitude.min()), float(magnitude.max())
        int_mode = bool((chosen == np.ceil(chosen)).all())
        if opts.sci_mode is None:
            sci_mode = high / low > 1000.0 or high > 1.0e8 or low < 1.0e-4
        else:
            sci_mode = opts.sci_mode
    if sci_mode:
        strings = list(map(f"{{:.{precision}e}}".format, pylist))
    elif int_mode:
        strings = [f"{v:.0f}." if v - v == 0 else f"{v:.0f}" for v in pylist]
    else:
        strings = list(map(f"{{:.{precision}f}}".format, pylist))
    width = max((len(s) for s, k in zip(strings, keep.tolist()) if k), default=1)
    return [s.rjust(width) for s in strings], width


def _join_complex(real: str, imag: str) -> str:
    imag = (imag + "j").lstrip()
    return real + imag if imag[0] in "+-" else real + "+" + imag


def _nest(
    strings: Iterator[str],
    shape: tuple[int, ...],
    cuts: tuple[bool, ...],
    edge: int,
    indent: int,
    element_length: int,
    linewidth: int,
) -> str:
    """Brackets, ``...`` markers, separators and wrapping for one (sub)tensor."""
    if len(shape) == 1:
        data = [next(strings) for _ in range(shape[0])]
        if cuts[0]:
            data.insert(edge, " ...")
        per_line = max(1, (linewidth - indent) // element_length)
        lines = [", ".join(data[i : i + per_line]) for i in range(0, len(data), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    inner = [
        _nest(strings, shape[1:], cuts[1:], edge, indent + 1, element_length, linewidth)
        for _ in range(shape[0])
    ]
    if cuts[0]:
        inner.insert(edge, "...")
    return "[" + ("," + "\n" * (len(shape) - 1) + " " * (indent + 1)).join(inner) + "]"


def _add_suffixes(text: str, suffixes: Sequence[str], indent: int, linewidth: int) -> str:
    """Append ``, suffix`` pieces, moving one to a new line when it would pass linewidth."""
    parts = [text]
    # Torch's measure: the last line's length plus two.
    last_line = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line + len(suffix) + 2 > linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line += len(suffix) + 2
    parts.append(")")
    return "".join(parts)
