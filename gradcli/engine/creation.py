"""Tensor factories and the random generator.

The generator is torch's CPU generator, bit for bit (see ``cpu_random``): after ``manual_seed``, and
from torch's default seed before it, ``rand``, ``randn``, ``randint``, ``randperm``, the random fills
and the layers' initialisation draw the numbers torch draws.
"""
from __future__ import annotations

import builtins
import math
import warnings

import numpy as np

from . import device as device_module, dtypes, errors, instrumentation, memory_layout
from .device import require_cpu
from .cpu_random import DEFAULT_SEED, CPUStream
from .dims import int_sizes
from .public import public
from .tensor import SEQUENCES, Tensor, make, nested_data

random_guard = None   # set by vmap: called before every random draw (it may refuse the draw)
random_batch = None   # set by vmap(randomness='different'): (batch sizes, wrap) for draws made per example
random_rules = None   # set by vmap: its rules for draws on or from a tensor (func/random_rules.py)

_STATE_BYTES = 5056   # torch's CPUGeneratorImplState


class Generator:
    """``torch.Generator``: a random stream of its own, torch's CPU generator (the same numbers for
    the same seed; re-seeding replays the stream; streams do not disturb each other)."""

    def __init__(self, device="cpu"):
        if str(device) != "cpu":
            raise RuntimeError(f"gradcli runs on the CPU only; cannot make a Generator on {device}")
        self._stream = CPUStream(DEFAULT_SEED)

    @property
    def device(self):
        return device_module.device("cpu")

    def stream(self) -> CPUStream:
        return self._stream

    def manual_seed(self, seed) -> "Generator":
        if isinstance(seed, float) or not isinstance(seed, (int, np.integer)):
            raise RuntimeError(f"manual_seed expected a long, but got {type(seed).__name__}")
        if not -(1 << 63) <= int(seed) < (1 << 64):     # torch reads an int64 or a uint64
            raise ValueError("Overflow when unpacking long long")
        self._stream.reseed(int(seed) % (1 << 64))
        return self

    def seed(self) -> int:
        self.manual_seed(int(np.random.SeedSequence().entropy % (1 << 63)))
        return self._stream.seed

    def initial_seed(self) -> int:
        return self._stream.seed

    def swap_stream(self, stream: CPUStream) -> CPUStream:
        """Draw from ``stream`` from now on (a DataLoader worker's own generator); the previous stream."""
        previous, self._stream = self._stream, stream
        return previous

    def get_state(self) -> Tensor:
        """The stream's position as a uint8 tensor (torch's 5056-byte ByteTensor state), for set_state."""
        return make(np.frombuffer(self._stream.get_state(), dtype=np.uint8).copy())

    def set_state(self, new_state) -> "Generator":
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        data = new_state._data
        if data.dtype != np.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        if data.shape != (_STATE_BYTES,):
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {_STATE_BYTES} but found the input RNG "
                               f"state size to be {data.size}")
        self._stream.set_state(data.tobytes())
        return self

    def __repr__(self) -> str:
        return f"<torch._C.Generator object at {hex(id(self))}>"


default_generator = Generator()


def rng(generator: Generator | None = None) -> CPUStream:
    """The stream to draw from: ``generator``'s, else the default generator's."""
    if random_guard is not None:
        random_guard()
    return _stream(generator)


def _stream(generator) -> CPUStream:
    if generator is None:
        return default_generator.stream()
    if not isinstance(generator, Generator):
        raise TypeError(f"generator must be a torch.Generator, not {type(generator).__name__}")
    return generator.stream()


def fill_values(self: Tensor, generator, draw) -> np.ndarray:
    """What an in-place random fill of ``self`` writes: ``draw(stream, shape)`` in the order of
    self's memory (a transpose's values go down its columns, as torch's fill walks the storage),
    the shape chosen by vmap's rule inside vmap."""
    if random_rules is None:
        return in_memory_order(self._data, lambda shape: draw(rng(generator), shape))
    return random_rules.inplace(self, _stream(generator), draw)


def in_memory_order(a: np.ndarray, make) -> np.ndarray:
    """``make(shape)``'s values placed in ``a``'s memory order, as an array of ``a``'s shape: made
    with the dims sorted by stride, outermost first, then transposed back (so that a dense
    permutation's layout comes out too)."""
    if a.ndim < 2 or a.flags.c_contiguous:
        return make(a.shape)
    order = sorted(builtins.range(a.ndim), key=lambda d: -builtins.abs(a.strides[d]))
    return make(tuple(a.shape[d] for d in order)).transpose(np.argsort(order))


def drawn_from(input: Tensor, generator, draw) -> Tensor:
    """``draw(stream, values)`` of ``input``'s values as a tensor (bernoulli, normal, multinomial);
    inside vmap, batched as torch batches such draws."""
    if random_rules is None:
        return make(draw(rng(generator), input._data))
    return random_rules.from_values(input, _stream(generator), draw)


def random_tensor(shape: tuple, draw, dtype=None, requires_grad: bool = False, generator=None) -> Tensor:
    """``draw(stream, shape)`` as a tensor; inside vmap(randomness='different') every example
    draws its own: one draw with the batch sizes in front, wrapped as a batched tensor."""
    if random_batch is None:
        return _finish(draw(rng(generator), tuple(shape)), dtype, requires_grad)
    sizes, wrap = random_batch
    return wrap(_finish(draw(_stream(generator), sizes + tuple(shape)), dtype, requires_grad))


@public()
def manual_seed(seed) -> Generator:
    """Seed the default generator (and return it, as torch does); torch.manual_seed takes int(seed)
    (1.5, "3"), a Generator's own manual_seed an int only."""
    return default_generator.manual_seed(int(seed))


@public()
def seed() -> int:
    return default_generator.seed()


@public()
def initial_seed() -> int:
    return default_generator.initial_seed()


@public()
def get_rng_state() -> Tensor:
    return default_generator.get_state()


@public()
def set_rng_state(new_state) -> None:
    default_generator.set_state(new_state)


def check_std(std) -> None:
    """torch's refusal of a negative (or NaN) standard deviation (normal, normal_)."""
    if not std >= 0:
        raise errors.AutogradError(f"normal expects std >= 0.0, but found std {std:g}")


def _finish(data: np.ndarray, dtype, requires_grad: bool) -> Tensor:
    if dtype is not None:
        data = data.astype(dtypes.as_dtype(dtype).np, copy=False)
    t = make(data)
    if requires_grad:
        t._set_requires_grad(True, errors.INT_REQUIRES_GRAD)
    return t


def _size(size, fn: str = "") -> tuple:
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = tuple(size[0])
    shape = int_sizes(size, fn or "size")
    for s in shape:
        if s < 0:
            if fn == "zeros":   # torch's zeros has its own wording
                raise errors.ShapeError("zeros: Dimension size must be non-negative.")
            raise errors.ShapeError(f"Trying to create tensor with negative dimension {s}: {list(shape)}")
    instrumentation.check_shape(shape)
    return shape


def _float(dtype):
    return (dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()).np


def _check_no_text_dims(data) -> None:
    """torch's parser on text: a string is a sequence to it, so one where the first elements' nesting
    sets the dims is a dim too many (``torch.tensor(["a", "b"])``, a classic mistake with labels);
    a string given as the data is an invalid data type."""
    if isinstance(data, str):
        raise TypeError("new(): invalid data type 'str'")
    first = data
    while isinstance(first, SEQUENCES) and first:
        first = first[0]
        if isinstance(first, str):
            raise ValueError("too many dimensions 'str'")


def _infer_dtype(values) -> np.dtype:
    """torch's inference: the promotion of the items' types, where a Python float is the default
    dtype, an int int64, a bool bool, and a tensor, an ndarray or a numpy scalar (np.float64 too,
    though it is a float) its own dtype; an empty list is the default dtype."""
    found = set()
    stack = [values]
    while stack:
        v = stack.pop()
        if isinstance(v, Tensor):
            found.add(dtypes.from_numpy_dtype(v._data.dtype))
        elif isinstance(v, (np.ndarray, np.generic)):
            found.add(dtypes.from_numpy_dtype(v.dtype))
        elif isinstance(v, SEQUENCES):
            stack.extend(v)
        elif isinstance(v, bool):
            found.add(dtypes.bool)
        elif isinstance(v, int):
            found.add(dtypes.int64)
        elif isinstance(v, float):
            found.add(dtypes.get_default_dtype())
        elif isinstance(v, complex):
            found.add(dtypes.default_complex())
        elif isinstance(v, str):
            raise TypeError("new(): invalid data type 'str'")
        else:
            raise errors.AutogradError(f"Could not infer dtype of {type(v).__name__}")
    result = None
    for d in found:
        result = d if result is None else dtypes.promote_types(result, d)
    return (result or dtypes.get_default_dtype()).np


def _numbers_array(data, nested, npd):
    """The array of ``data`` (numbers, nested lists, tensors; an ndarray is cast as numpy casts), given
    as numpy reads it (``nested``)."""
    if npd is None or npd.kind not in "iu" or isinstance(data, np.ndarray):
        return np.array(nested, dtype=npd)
    try:
        values = np.array(nested)
    except OverflowError:   # an int below int64's range
        values = None
    if (values is None or values.dtype.kind in "fuO") and _holds_wide_int(data):
        raise OverflowError("Overflow when unpacking long long")
    if values.dtype.kind not in "biuf":
        return np.array(nested, dtype=npd)
    return converted_without_overflow(values, npd, dtypes.from_numpy_dtype(npd).name)


def _holds_wide_int(data) -> bool:
    """Whether ``data`` (numbers, nested lists) holds a Python int beyond int64's range, which torch's
    parser refuses whatever the dtype asked for, since it unpacks every int as a long long. Only
    called when numpy's array of it hints at one (uint64, float or object)."""
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(v)
        elif type(v) is int and not -(1 << 63) <= v < (1 << 63):
            return True
    return False


def converted_without_overflow(values: np.ndarray, npd: np.dtype, type_name: str) -> np.ndarray:
    """Python numbers stored in an integer dtype as torch stores them (c10::checked_convert): a float
    is truncated but must lie within the dtype's range, an int too, except that an unsigned dtype
    takes negative ints down to -max, wrapped round (two's complement); anything else is torch's
    RuntimeError, where numpy would wrap, saturate or raise its own error."""
    info = np.iinfo(npd)
    if values.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            bad = np.isnan(values) | (values < info.min) | (values > info.max)
    else:
        bad = (values < (-info.max if npd.kind == "u" else info.min)) | (values > info.max)
    if bad.any():
        raise errors.AutogradError(f"value cannot be converted to type {type_name} without overflow")
    with np.errstate(invalid="ignore", over="ignore"):
        return values.astype(npd)


_SCALAR_TYPE_NAMES = {"int8": "int8_t", "uint8": "uint8_t", "int16": "int16_t", "int32": "int", "int64": "int64_t",
                      "float16": "c10::Half", "float32": "float", "float64": "double",
                      "complex64": "c10::complex<float>", "complex128": "c10::complex<double>"}
# The largest finite value of the float dtypes narrower than a Python float (a complex64's parts are float32)
_FLOAT_MAX = {"float16": 65504.0, "float32": 3.4028234663852886e38, "complex64": 3.4028234663852886e38}


def checked_scalar(value, npd: np.dtype, one_element: bool = False):
    """A Python number a kernel writes into ``npd`` (fill, full, masked_fill, clamp, pad...), checked as
    torch's checked_convert checks it, whose message names the C type: an integer dtype's range, a
    complex number's imaginary part, which a real dtype cannot keep (numpy drops it with a warning),
    and a finite number beyond a float16, float32 or complex64's range (numpy makes it inf). torch's
    fill of a ``one_element`` tensor (full, fill_, setitem) writes a float16 through a double, unchecked."""
    if one_element and npd == np.float16:
        return checked_scalar(value, np.dtype(np.float64))
    if isinstance(value, (complex, np.complexfloating)):
        if npd.kind in "iuf":
            if value.imag != 0:
                raise _overflow(npd)
            return checked_scalar(value.real, npd)
        if npd.kind == "c":
            _check_float_range((value.real, value.imag), npd)
            return value
        return bool(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if isinstance(value, int) and not -(1 << 63) <= value < 1 << 64:    # torch's Scalar holds an int64 or uint64
        raise OverflowError("can't convert negative int to unsigned" if value < 0 else "int too big to convert")
    if npd.kind in "iu":
        return converted_without_overflow(np.array(value), npd, _SCALAR_TYPE_NAMES.get(npd.name, npd.name))
    _check_float_range((value,), npd)
    return value


def _check_float_range(parts, npd: np.dtype) -> None:
    """Infinities and NaN pass, as in torch; an int is compared exactly (float() of 10**400 overflows)."""
    limit = _FLOAT_MAX.get(npd.name)
    if limit is not None and any(limit < abs(p) != math.inf for p in parts):
        raise _overflow(npd)


def _overflow(npd: np.dtype):
    return errors.AutogradError(f"value cannot be converted to type {_SCALAR_TYPE_NAMES.get(npd.name, npd.name)} "
                                "without overflow")


def _check_nesting(data, npd: np.dtype) -> None:
    """torch's parser walking ``data`` depth first: the first elements' nesting sets the dims (a tensor
    there is a number), a sequence (or a tensor, iterated along its first dim) must fill each dim above
    the numbers, and a number place takes a number or a one-element tensor ``npd`` can read, each with
    torch's complaint when it does not."""
    sizes, first = [], data
    while isinstance(first, SEQUENCES):
        sizes.append(len(first))
        if not first:
            break
        first = first[0]

    def visit(obj, dim: int) -> None:
        if dim == len(sizes):
            _check_number_place(obj, npd)
            return
        if isinstance(obj, Tensor) and obj.ndim:
            rows = obj._data
            length = rows.shape[0]
            if dim + 1 == len(sizes) and length == sizes[dim]:    # a row of numbers: one-element tensors
                if rows.ndim > 1 and rows[0].size != 1:
                    raise _number_place_error(npd, rows[0])
                _check_number_kind(rows, npd)
                return
            items = [make(row) for row in rows]
        elif isinstance(obj, SEQUENCES):
            items, length = obj, len(obj)
        else:
            raise TypeError("not a sequence")
        if length != sizes[dim]:
            raise ValueError(f"expected sequence of length {sizes[dim]} at dim {dim} (got {length})")
        for item in items:
            visit(item, dim + 1)

    visit(data, 0)


def _check_number_place(obj, npd: np.dtype) -> None:
    """What torch's store_scalar accepts where the nesting wants a number (``npd`` is the result's dtype)."""
    if isinstance(obj, SEQUENCES + (str,)):
        raise TypeError(f"'{type(obj).__name__}' object cannot be interpreted as an integer" if npd.kind in "iub"
                        else f"must be real number, not {type(obj).__name__}")
    if isinstance(obj, Tensor):
        if obj._data.size != 1:
            raise _number_place_error(npd, obj._data)
        _check_number_kind(obj._data, npd)


def _number_place_error(npd: np.dtype, values: np.ndarray) -> Exception:
    """A tensor of more than one element where a number goes: int() or float() of it, as torch reads it."""
    if npd.kind in "iub":
        return TypeError("only integer tensors of a single element can be converted to an index")
    return ValueError("only one element tensors can be converted to Python scalars")


def _check_number_kind(values: np.ndarray, npd: np.dtype) -> None:
    """One-element tensors read as numbers: an integer dtype takes integers (``__index__``), a real one
    no imaginary part."""
    if npd.kind in "iub" and values.dtype.kind not in "iub":
        raise TypeError("only integer tensors of a single element can be converted to an index")
    if values.dtype.kind == "c" and npd.kind != "c" and np.any(values.imag != 0):
        raise errors.AutogradError("value cannot be converted to type double without overflow")


@public()
def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False) -> Tensor:
    """A new tensor holding a copy of ``data`` (numbers, nested lists, tensors, ndarrays)."""
    require_cpu(device)
    if isinstance(data, Tensor):
        warnings.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
                      "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).",
                      UserWarning, stacklevel=2)
        arr = np.array(data._data, copy=True)
    else:
        _check_no_text_dims(data)
        npd = dtypes.as_dtype(dtype).np if dtype is not None else (
            _infer_dtype(data) if not isinstance(data, np.ndarray) else None)
        if npd is not None:
            _check_nesting(data, npd)
        nested = nested_data(data)
        try:
            arr = _numbers_array(data, nested, npd)
        except OverflowError as e:
            raise ValueError(str(e)) from None
        except ValueError as e:
            raise ValueError(f"could not build a tensor from this data ({e})") from None
        if arr.dtype == object:
            raise TypeError("tensor(): could not build a tensor from this data")
    instrumentation.check_shape(arr.shape)
    return _finish(arr, dtype, requires_grad)


@public()
def as_tensor(data, dtype=None, device=None) -> Tensor:
    require_cpu(device)
    if isinstance(data, Tensor) and (dtype is None or dtypes.as_dtype(dtype).np == data._data.dtype):
        return data
    return tensor(data, dtype=dtype)


@public()
def from_numpy(arr: np.ndarray) -> Tensor:
    dtypes.from_numpy_dtype(arr.dtype)
    return make(arr)


@public()
def scalar_tensor(s, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    return _finish(np.asarray(s, dtype=_float(dtype)), None, requires_grad)


@public()
def zeros(*size, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    return _finish(np.zeros(_size(size, "zeros"), _float(dtype)), None, requires_grad)


@public()
def ones(*size, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    return _finish(np.ones(_size(size, "ones"), _float(dtype)), None, requires_grad)


@public()
def empty(*size, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    shape, npd = _size(size, "empty"), _float(dtype)
    if memory_format is None:
        return _finish(np.zeros(shape, npd), None, requires_grad)
    fmt = memory_layout.checked(memory_format, "empty")
    if fmt is memory_layout.preserve_format:
        raise errors.AutogradError("unsupported memory format Preserve")
    memory_layout.check_rank(fmt, len(shape))
    return _finish(memory_layout.empty_as(shape, npd, fmt), None, requires_grad)


@public()
def empty_strided(size, stride, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    """A fresh tensor laid out with the given strides (in elements) over a storage just large enough."""
    require_cpu(device)
    for name, position, given in (("size", 1, size), ("stride", 2, stride)):
        if not isinstance(given, (tuple, list)) or not all(isinstance(n, int) for n in given):
            raise TypeError(f"empty_strided(): argument '{name}' (position {position}) must be tuple of ints, "
                            f"not {type(given).__name__}")
    size, stride = tuple(size), tuple(stride)
    if len(size) != len(stride):
        raise errors.AutogradError(f"dimensionality of sizes ({len(size)}) must match dimensionality of strides "
                                   f"({len(stride)})")
    npd = _float(dtype)
    extent = 1 + sum((n - 1) * s for n, s in zip(size, stride)) if all(size) else 0
    _size(size, "empty_strided")
    storage = np.zeros(_size((extent,), "empty_strided"), npd)
    data = np.lib.stride_tricks.as_strided(storage, size, tuple(s * npd.itemsize for s in stride))
    return _finish(data, None, requires_grad)


@public()
def full(size, fill_value, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    if isinstance(fill_value, Tensor):   # a 0-d tensor's number, in its dtype
        fill_value, npd = fill_value.item(), fill_value._data.dtype
    else:
        npd = (np.dtype(np.bool_) if isinstance(fill_value, bool) else np.dtype(np.int64)
               if isinstance(fill_value, int) else dtypes.default_complex().np
               if isinstance(fill_value, complex) else _float(None))
    if dtype is not None:
        npd = dtypes.as_dtype(dtype).np
    shape = _size((size,) if isinstance(size, int) else tuple(size), "full")
    fill_value = checked_scalar(fill_value, npd, math.prod(shape) == 1)
    return _finish(np.full(shape, fill_value, npd), None, requires_grad)


@public()
def eye(n, m=None, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    _size((n, n if m is None else m))
    return _finish(np.eye(n, m, dtype=_float(dtype)), None, requires_grad)


@public()
def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if dtype is None:
        npd = np.dtype(np.int64) if builtins.all(isinstance(v, int) for v in vals) else _float(None)
    else:
        npd = dtypes.as_dtype(dtype).np
    if npd.kind not in "iufc":
        raise NotImplementedError(f"\"arange_cpu\" not implemented for '{dtypes.scalar_type_name(npd)}'")
    # integer dtypes step in torch's int64 accumulator (bounds and step truncated); int64 also
    # counts the elements in it, the other dtypes count in the given (float) values
    whole = [math.trunc(v) for v in vals] if npd.kind in "iu" else vals
    if npd == np.int64:
        if whole[2] == 0:
            raise ValueError("step must be nonzero")
        if (whole[1] - whole[0]) / whole[2] < 0:
            raise errors.AutogradError("upper bound and lower bound inconsistent with step sign")
        n = builtins.max(0, int((whole[1] - whole[0] + whole[2] - (whole[2] > 0) + (whole[2] < 0)) / whole[2]))
    else:
        if vals[2] == 0:
            raise errors.AutogradError("step must be nonzero")
        if (vals[1] - vals[0]) / vals[2] < 0:
            raise errors.AutogradError("upper bound and lower bound inconsistent with step sign")
        n = builtins.max(0, math.ceil((vals[1] - vals[0]) / vals[2]))
    instrumentation.check_shape((n,))
    data = whole[0] + np.arange(n, dtype=np.float64 if npd.kind in "fc" else np.int64) * whole[2]
    return _finish(data.astype(npd), None, requires_grad)


@public()
def range(start=0, end=None, step=1, *, dtype=None, device=None, requires_grad=False) -> Tensor:  # noqa: A001
    """Deprecated torch.range: ``end`` included, the default float dtype unless one is given."""
    require_cpu(device)
    warnings.warn("torch.range is deprecated and will be removed in a future release because its behavior is "
                  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                  "[start, end).", UserWarning, stacklevel=2)
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if vals[2] == 0:
        raise errors.AutogradError("step must be nonzero")
    if (vals[1] - vals[0]) / vals[2] < 0:
        raise errors.AutogradError("upper bound and lower bound inconsistent with step sign")
    n = int(math.floor((vals[1] - vals[0]) / vals[2])) + 1
    instrumentation.check_shape((n,))
    npd = _float(dtype)
    data = vals[0] + np.arange(n, dtype=np.float64 if npd.kind == "f" else np.int64) * vals[2]
    return _finish(data.astype(npd), None, requires_grad)


@public()
def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False) -> Tensor:
    """A tensor given back as it is unless a dtype change or ``copy=True`` asks for a new one; other data
    as torch.tensor makes it."""
    require_cpu(device)
    if isinstance(obj, Tensor):
        out = obj
        if dtype is not None and dtypes.as_dtype(dtype).np != obj._data.dtype:
            out = obj.to(dtype)
        elif copy:
            out = obj.clone()
        if requires_grad and not out._requires_grad:
            out.requires_grad_(True)
        return out
    if copy is False:
        raise ValueError("can't alias a Python sequence without copying it (copy=False)")
    return tensor(obj, dtype=dtype, requires_grad=requires_grad)


@public()
def linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    if steps < 0:
        raise errors.AutogradError("number of steps must be non-negative")
    instrumentation.check_shape((steps,))
    start = start.item() if isinstance(start, Tensor) else start
    end = end.item() if isinstance(end, Tensor) else end
    if dtype is None and (isinstance(start, complex) or isinstance(end, complex)):
        dtype = dtypes.default_complex()
    npd = _float(dtype)
    if npd.kind == "c":   # each part as a real linspace (a complex step times a real index acts on each)
        first, last = npd.type(start), npd.type(end)
        data = np.empty(steps, npd)
        data.real, data.imag = (_fused_linspace(a, b, steps, data.real.dtype) for a, b in
                                ((first.real, last.real), (first.imag, last.imag)))
        return _finish(data, None, requires_grad)
    return _finish(_fused_linspace(start, end, steps, npd), None, requires_grad)


def _fused_linspace(start, end, steps: int, npd: np.dtype) -> np.ndarray:
    """torch fills from both ends towards the middle with fused multiply-adds; computing each
    element in the next wider float and rounding once reproduces it bit for bit."""
    wide = np.float64 if npd.itemsize <= 4 else np.longdouble
    step = (npd.type(end) - npd.type(start)) / npd.type(steps - 1) if steps > 1 else npd.type(0)
    idx = np.arange(steps).astype(wide)
    lo, hi, st = wide(npd.type(start)), wide(npd.type(end)), wide(step)
    data = np.where(idx < steps // 2, lo + st * idx, hi - st * (steps - 1 - idx)) if steps > 1 else \
        np.full(steps, lo)
    return data.astype(npd)


@public()
def logspace(start, end, steps, base=10.0, *, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    start = start.item() if isinstance(start, Tensor) else start
    end = end.item() if isinstance(end, Tensor) else end
    if dtype is None and (isinstance(start, complex) or isinstance(end, complex)):
        dtype = dtypes.default_complex()
    if _float(dtype).kind == "c":   # base ** (start + step * i) as std::pow takes it: exp(y log(base))
        exps = linspace(start, end, steps, dtype=dtype)._data
        return _finish(np.exp(exps * np.log(exps.dtype.type(base))), None, requires_grad)
    exps = linspace(start, end, steps, dtype=dtypes.float64)._data
    return _finish((base ** exps).astype(_float(dtype)), None, requires_grad)


@public()
def rand(*size, generator=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    npd = _float(dtype)
    return random_tensor(_size(size, "rand"), lambda g, s: _uniform(g, s, npd), None, requires_grad, generator)


@public()
def randn(*size, generator=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    npd = _float(dtype)
    return random_tensor(_size(size, "randn"), lambda g, s: _normal(g, s, npd), None, requires_grad, generator)


def _normal(g, shape: tuple, npd, serial: bool = False):
    """torch fills a complex tensor through its real view (real, imaginary pairs), each part with
    standard deviation 1/sqrt(2) so the complex variance is 1."""
    _floating_only(npd, "normal_kernel_cpu")
    if npd.kind != "c":
        return g.normal(shape, npd, serial=serial)
    return g.normal(tuple(shape) + (2,), _part(npd), 0.0, 1.0 / math.sqrt(2.0), serial).view(npd).reshape(shape)


def _uniform(g, shape: tuple, npd):
    """rand: a complex tensor's real view filled, real and imaginary parts each uniform on [0, 1)."""
    _floating_only(npd, "check_uniform_bounds")
    if npd.kind != "c":
        return g.uniform(shape, npd)
    return g.uniform(tuple(shape) + (2,), _part(npd)).view(npd).reshape(shape)


def _floating_only(npd, kernel: str) -> None:
    """torch's kernels draw floats only: randn(dtype=torch.long) is an error, not rounded draws."""
    if npd.kind not in "fc":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtypes.scalar_type_name(npd)}'")


def _part(npd) -> np.dtype:
    return np.dtype(np.float32) if npd == np.complex64 else np.dtype(np.float64)


@public()
def randint(*args, generator=None, dtype=None, device=None, requires_grad=False, **bounds) -> Tensor:
    """torch.randint(high, size) or (low, high, size), each given by position or by name."""
    require_cpu(device)
    low, high, size = _randint_arguments("randint", args, bounds, ("high", "size"))
    shape = _size(tuple(size), "randint")
    npd = dtypes.as_dtype(dtype).np if dtype is not None else np.dtype(np.int64)
    _check_range(low, high)
    return random_tensor(shape, lambda g, s: g.integers(low, high, s).astype(npd), None, requires_grad, generator)


def _randint_arguments(fn: str, given: tuple, named: dict, names: tuple, before: tuple = ()) -> tuple:
    """(low, high, size) of randint's two overloads as torch's parser matches them: ``names``
    (high[, size]) with low 0, else low first; a name may not repeat a position. ``before``: the
    arguments ahead of them (randint_like's input), for the message."""
    for overload in (names, ("low",) + names):
        bound = dict(zip(overload, given))
        if len(given) <= len(overload) and not (set(named) - set(overload)) and not (set(named) & set(bound)):
            bound.update(named)
            if all(n in bound for n in overload):
                if "size" in bound and not isinstance(bound["size"], (tuple, list)):
                    if overload is names:       # (high, size): torch names the argument
                        at = f" (position {len(given)})" if len(given) == len(names) else ""
                        raise TypeError(f"{fn}(): argument 'size'{at} must be tuple of ints, not "
                                        f"{errors.type_name(bound['size'])}")
                    continue
                if not any(isinstance(bound.get(n), (tuple, list)) for n in ("low", "high")):
                    return bound.get("low", 0), bound["high"], bound.get("size")
    got = [errors.type_name(a) for a in before + given] + [f"{k}={errors.type_name(v)}" for k, v in named.items()]
    raise TypeError(f"{fn}() received an invalid combination of arguments - got ({', '.join(got)}), but "
                    "expected one of:")


def _check_range(low, high) -> None:
    if high <= low:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")


@public()
def randperm(n, *, generator=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    require_cpu(device)
    _size((n,))      # torch's message for a negative n, and the session's size limit
    if random_batch is None:
        return _finish(rng(generator).permutation(n), dtype, requires_grad)
    sizes, wrap = random_batch      # vmap(randomness='different'): one permutation per example, in turn
    stream = _stream(generator)
    drawn = np.stack([stream.permutation(n) for _ in builtins.range(math.prod(sizes))]).reshape(sizes + (n,))
    return wrap(_finish(drawn, dtype, requires_grad))


def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    """torch.normal's draws (functions.random_counts.normal records their node)."""
    require_cpu(device)
    if not isinstance(std, Tensor):
        check_std(std)
    elif std._data.size and std._data.dtype.kind != "c" and not std._data.min() >= 0:
        raise errors.AutogradError("normal expects all elements of std >= 0.0")
    if isinstance(mean, Tensor) and isinstance(std, Tensor):
        if random_rules is not None:     # vmap: a draw per example of the broadcast batched shape
            noise = drawn_from((mean + std).detach(), generator, lambda g, d: g.normal(d.shape, d.dtype))
            return (noise * std + mean).detach()
        m, s = mean._data, std._data
        draw = rng(generator).normal(np.broadcast_shapes(m.shape, s.shape), m.dtype)
        return make(((draw * s).astype(m.dtype) + m).astype(m.dtype))
    if isinstance(std, Tensor):   # torch: normal_(0, 1), then mul_(std), then add_(mean)
        return drawn_from(std, generator, lambda g, s: ((g.normal(s.shape, s.dtype) * s).astype(s.dtype)
                                                        + mean).astype(s.dtype))
    if isinstance(mean, Tensor):
        _floating_only(mean._data.dtype, "normal_kernel_cpu")
        return drawn_from(mean, generator, lambda g, m: (g.normal(m.shape, m.dtype, 0.0, std) + m).astype(m.dtype))
    npd = _float(dtype)
    _floating_only(npd, "normal_kernel_cpu")
    return random_tensor(_size(tuple(size), "normal"), lambda g, s: g.normal(s, npd, mean, std), None, requires_grad,
                         generator)


def bernoulli(input, p=None, *, generator=None) -> Tensor:
    """torch.bernoulli's draws (functions.random_counts.bernoulli records their node)."""
    if p is None:
        _floating_only(input._data.dtype, "bernoulli_tensor_cpu_p_")
    return drawn_from(input, generator, lambda g, d: g.bernoulli(d if p is None else p, d.shape).astype(d.dtype))


@public(method=True)
def multinomial(input, num_samples, replacement=False, *, generator=None) -> Tensor:
    _multinomial_checks(input, num_samples, replacement)
    def draw(stream, data):
        _valid_distributions(data)
        rows = data.reshape(-1, data.shape[-1])
        drawn = np.stack([stream.multinomial_row(row, num_samples, replacement) for row in rows])
        return drawn.reshape(data.shape[:-1] + (num_samples,))
    return drawn_from(input, generator, draw)


def _multinomial_checks(input, num_samples, replacement) -> None:
    """torch's checks of the arguments, in its order."""
    if not isinstance(num_samples, int) or isinstance(num_samples, bool):
        raise TypeError(f"multinomial(): argument 'num_samples' (position 2) must be int, not "
                        f"{type(num_samples).__name__}")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if input.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if input._data.dtype.kind not in "f":
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{dtypes.scalar_type_name(input._data.dtype)}")
    if not replacement and num_samples > input._data.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    instrumentation.check_shape(tuple(input.shape[:-1]) + (num_samples,))


def _valid_distributions(probs: np.ndarray) -> None:
    """Each row must be finite, non-negative and not all zero (torch's messages)."""
    if not (np.isfinite(probs).all() and (probs >= 0).all()):
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    if (probs.sum(-1) <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")


def _like(input: Tensor, dtype):
    """The dtype and (logical: one example's, inside vmap) shape of a ``*_like`` result."""
    return (dtypes.as_dtype(dtype).np if dtype is not None else input._data.dtype), tuple(input.shape)


def _filled_like(input: Tensor, npd, shape: tuple, value, memory_format, fn: str) -> np.ndarray:
    """``value`` in the input's layout when it is a dense permutation (a transpose's or permute's
    result, as torch's preserve_format keeps its strides: the gradient a backward brings through the
    transpose is then contiguous again), else C-contiguous; or in the ``memory_format`` given."""
    data = input._data
    value = checked_scalar(value, npd, math.prod(shape) == 1)
    fmt = _like_format(memory_format, input, shape, fn)
    if fmt is not None:
        out = memory_layout.empty_as(shape, npd, fmt)
        out[...] = value
        return out
    if data.shape == shape and data.size and not data.flags.c_contiguous and dense_layout(data):
        return np.full_like(data, value, dtype=npd)    # order 'K': the same strides
    if not data.size and data.shape == shape and data.ndim and any(data.strides):
        return memory_layout.empty_as_strided(data, npd)
    return np.full(shape, value, npd)


def _like_format(memory_format, input: Tensor, shape: tuple, fn: str):
    """The layout a ``*_like`` call asks for; None for the input's own. torch's preserve_format keeps
    a dense input's strides, and lays a non-dense one (a channels_last tensor's slice) out in the
    format its strides suggest."""
    if memory_format is None or memory_format is memory_layout.preserve_format:
        data = input._data
        if data.flags.c_contiguous or data.ndim < 4 or data.shape != shape or dense_layout(data):
            return None
        fmt = memory_layout.suggested(data)
        return None if fmt is memory_layout.contiguous_format else fmt
    fmt = memory_layout.checked(memory_format, fn)
    memory_layout.check_rank(fmt, input._data.ndim)     # inside vmap, the batched rank (torch's refusal)
    return fmt


def dense_layout(a: np.ndarray) -> bool:
    """Non-overlapping and dense: the strides, smallest first, are the sizes' running products."""
    expected = a.itemsize
    for stride, size in sorted(zip(a.strides, a.shape)):
        if size != 1:
            if stride != expected:
                return False
            expected *= size
    return True


@public()
@instrumentation.examplewise
def zeros_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    npd, shape = _like(input, dtype)
    return _finish(_filled_like(input, npd, shape, 0, memory_format, "zeros_like"), None, requires_grad)


@public()
@instrumentation.examplewise
def ones_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    npd, shape = _like(input, dtype)
    return _finish(_filled_like(input, npd, shape, 1, memory_format, "ones_like"), None, requires_grad)


@public()
@instrumentation.examplewise
def empty_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    npd, shape = _like(input, dtype)
    return _finish(_filled_like(input, npd, shape, 0, memory_format, "empty_like"), None, requires_grad)


@public()
@instrumentation.examplewise
def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    npd, shape = _like(input, dtype)
    return _finish(_filled_like(input, npd, shape, fill_value, memory_format, "full_like"), None, requires_grad)


@public()
def rand_like(input, *, generator=None, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    npd, shape = _like(input, dtype)
    layout = _like_layout(input, npd, shape, memory_format, "rand_like")
    return _random_like(layout, shape, lambda g, s: _uniform(g, s, npd), requires_grad, generator)


@public()
def randn_like(input, *, generator=None, dtype=None, device=None, requires_grad=False, memory_format=None) -> Tensor:
    require_cpu(device)
    npd, shape = _like(input, dtype)
    layout = _like_layout(input, npd, shape, memory_format, "randn_like")
    serial = _permuted(layout)       # not contiguous: normal_'s one-at-a-time draws
    return _random_like(layout, shape, lambda g, s: _normal(g, s, npd, serial), requires_grad, generator)


@public()
def randint_like(input, *args, generator=None, dtype=None, device=None, requires_grad=False, **bounds) -> Tensor:
    """torch.randint_like(input, high) or (input, low, high), by position or by name."""
    require_cpu(device)
    low, high, _ = _randint_arguments("randint_like", args, bounds, ("high",), (input,))
    npd, shape = _like(input, dtype)
    _check_range(low, high)
    return _random_like(input, shape, lambda g, s: g.integers(low, high, s).astype(npd), requires_grad, generator)


def _like_layout(input: Tensor, npd, shape: tuple, memory_format, fn: str) -> Tensor:
    """The tensor whose layout a random ``*_like`` fills: the input's (preserve_format) or a fresh one
    in the ``memory_format`` given."""
    fmt = _like_format(memory_format, input, shape, fn)
    return input if fmt is None else make(memory_layout.empty_as(shape, npd, fmt))


def _random_like(input: Tensor, shape: tuple, draw, requires_grad: bool, generator=None) -> Tensor:
    """torch's ``empty_like(input).<fill>_(generator=generator)``: a transpose's or permute's layout is
    kept (preserve_format) and the draws fill it in memory order."""
    if random_batch is None and _permuted(input):
        return _finish(in_memory_order(input._data, lambda s: draw(rng(generator), s)), None, requires_grad)
    return random_tensor(shape, draw, None, requires_grad, generator)


def _permuted(input: Tensor) -> bool:
    """Whether ``input`` is a dense permutation that is not contiguous (a transpose, a permute)."""
    data = input._data
    return (data.shape == tuple(input.shape) and data.size > 0 and not data.flags.c_contiguous
            and dense_layout(data))

