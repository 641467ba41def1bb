"""``x += alpha * y`` through numpy's own BLAS: one pass and one rounding per element, as torch's
``add_(other, alpha=...)`` kernels (a fused multiply-add), where numpy needs two passes and rounds twice.

numpy's wheels bundle OpenBLAS (``scipy_openblas``, 64-bit integers). Its axpy's vector loops fuse the
multiply and the add; its scalar tail (the last elements short of a ``BLOCK``) does not, so ``axpy``
does whole blocks and leaves the tail to the caller. With several threads OpenBLAS splits an axpy of
more than 10000 elements anywhere (each piece with its own unfused tail): ``axpy`` then goes in
pieces of ``CHUNK`` elements, which it runs in the calling thread. Each routine, and the pieces at
each thread count, are checked once on values whose every element tells a fused result from a
twice-rounded one; a numpy without that library, or a check that fails, leaves numpy's way
(``axpy`` returns 0).
"""
from __future__ import annotations

import ctypes
import os

import numpy as np

BLOCK = 32
CHUNK = 312 * BLOCK     # (at most 10000 elements: OpenBLAS runs them in the calling thread)
_routines: dict | None = None   # dtype -> the checked routine; loaded at the first large update
_pieces_checked: dict = {}      # OpenBLAS's thread count -> whether CHUNK pieces round once


def axpy(x: np.ndarray, y: np.ndarray, alpha) -> int:
    """Add ``alpha * y`` into ``x`` (same dtype, shape and contiguous layout, not overlapping) over
    the whole blocks at the start of memory order; return how many elements that was (0: none)."""
    routines = _load() if _routines is None else _routines
    fn = routines.get(x.dtype)
    if fn is None or y.dtype is not x.dtype:
        return 0
    n = x.size - x.size % BLOCK
    alpha = float(alpha)
    if (not n or alpha == 0 or x.shape != y.shape or x.strides != y.strides
            or not (x.flags.c_contiguous or x.flags.f_contiguous) or not x.flags.writeable):
        return 0    # (alpha 0: OpenBLAS returns at once, where torch adds 0 * y: nan for an infinite y)
    px, py = _address(x), _address(y)
    if px < py + y.nbytes and py < px + x.nbytes:
        return 0
    threads = _threads()
    if threads == 1:
        fn(n, alpha, py, 1, px, 1)
        return n
    ok = _pieces_checked.get(threads)
    if ok is None:
        ok = _pieces_checked[threads] = all(_rounds_once(f, dtype, CHUNK) for dtype, f in routines.items())
    if not ok:
        return 0
    step = CHUNK * x.itemsize
    for start in range(0, n, CHUNK):
        fn(min(CHUNK, n - start), alpha, py, 1, px, 1)
        px += step
        py += step
    return n


def _address(a: np.ndarray) -> int:
    """The address of a contiguous array's first element: through the buffer protocol for a
    writable C-ordered one (a tenth of ``a.ctypes.data``'s cost, which builds a Python object)."""
    if a.flags.c_contiguous and a.flags.writeable:
        return _addressof(_char_at(a))
    return a.ctypes.data


_addressof, _char_at = ctypes.addressof, ctypes.c_char.from_buffer


def _load() -> dict:
    global _routines, _threads
    import glob     # (at the first large update: the engine's import does not pay for it)
    _routines = {}
    here = os.path.dirname(np.__file__)
    paths = glob.glob(os.path.join(here + ".libs", "libscipy_openblas64_*")) + \
        glob.glob(os.path.join(here, ".dylibs", "libscipy_openblas64_*"))
    try:
        lib = ctypes.CDLL(paths[0]) if len(paths) == 1 else None
        if lib is None:
            return _routines
        threads = lib.scipy_openblas_get_num_threads64_
        threads.restype, threads.argtypes = ctypes.c_int, []
        _threads = threads
        for name, dtype, real in (("scipy_cblas_saxpy64_", np.float32, ctypes.c_float),
                                  ("scipy_cblas_daxpy64_", np.float64, ctypes.c_double)):
            fn = getattr(lib, name)
            fn.restype = None
            fn.argtypes = [ctypes.c_int64, real, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64]
            if _rounds_once(fn, np.dtype(dtype)):
                _routines[np.dtype(dtype)] = fn
    except (OSError, AttributeError):
        _routines = {}
    return _routines


def _threads() -> int:
    return 0   # (replaced by OpenBLAS's own count once the library is loaded)


def _rounds_once(fn, dtype, n: int = 9 * BLOCK) -> bool:
    """The routine's ``-1 + a * a`` over ``n`` elements, with ``a`` (1 + 2**-12 in float32, 1 + 2**-27
    in float64) whose square rounds to 1 + 2 a's offset: rounded once, every element keeps the square's
    last term."""
    dtype = np.dtype(dtype)
    offset = 2.0 ** -12 if dtype == np.float32 else 2.0 ** -27
    a = 1 + offset
    x, y = np.full(n, -1.0, dtype), np.full(n, a, dtype)
    fn(n, a, y.ctypes.data, 1, x.ctypes.data, 1)
    return bool((x == dtype.type(2 * offset + offset * offset)).all())
