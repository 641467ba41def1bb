"""Views and shape functions: ``view``, ``reshape``, ``permute``, ``expand``, ``cat``, ``split``..."""
from __future__ import annotations

import builtins
import math
import numpy as np

from .. import dtypes, errors, instrumentation, memory_layout
from ..creation import dense_layout
from ..dims import int_sizes, squeeze_dims, wrap_dim, wrap_dim_of_sized
from ..dispatch import call, call_fast
from ..ops import shape as S
from ..ops.shape import unsqueeze
from ..public import public
from ..tensor import Size, make, storage
from .common import _check_tensor, tensor_list


def required(given: tuple, fn: str, name: str) -> None:
    """torch's parser on a sizes argument given as nothing at all (``x.reshape()``); an empty tuple is a
    size (``x.reshape(())``, a 0-d tensor's)."""
    if not given:
        raise TypeError(f'{fn}() missing 1 required positional arguments: "{name}"')


def _infer_shape(shape, numel: int, fn: str = "view") -> tuple:
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    shape = int_sizes(shape, fn, "shape")
    if shape.count(-1) > 1:
        raise errors.ShapeError("only one dimension can be inferred")
    known = 1
    for s in shape:
        if s != -1:
            if s < 0:
                raise errors.ShapeError(f"invalid shape dimension {s}")
            known *= s
    if -1 in shape:
        if known == 0 and numel == 0:
            raise errors.ShapeError(f"cannot reshape tensor of 0 elements into shape {list(shape)} because the "
                                    "unspecified dimension size -1 can be any value and is ambiguous")
        if known == 0 or numel % known:
            raise errors.ShapeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise errors.ShapeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return shape


def view(input, *shape, dtype=None):
    if dtype is None and len(shape) == 1 and (isinstance(shape[0], dtypes.dtype) or shape[0] in _PYTHON_TYPES):
        dtype, shape = shape[0], ()
    if dtype is not None and not shape:
        return view_as_dtype(input, dtypes.as_dtype(dtype))
    if not shape:
        raise TypeError("view() received an invalid combination of arguments - got (), but expected one of:\n"
                        " * (torch.dtype dtype)\n * (tuple of ints size)\n")
    shape = _infer_shape(shape, input.numel())
    try:
        return call(S.VIEW, (input,), {"shape": shape})
    except S.ViewError as e:
        raise errors.ShapeError(str(e)) from None


_PYTHON_TYPES = (float, int, bool, complex)


def view_as_dtype(input, dtype):
    """``x.view(dtype)``: the same bytes read as ``dtype``, sharing storage and version counter and
    never differentiable (torch's view.dtype). Another element size scales the last dim, which must
    be contiguous, with torch's checks in its order."""
    data = storage(input)
    old, new = data.dtype.itemsize, dtype.itemsize
    if old != new:
        what = f"to view {dtypes.scalar_type_name(data.dtype)} as {dtype.scalar_name} (different element sizes)"
        if data.ndim == 0:
            raise errors.AutogradError(f"self.dim() cannot be 0 {what}")
        ratio = new // old
        if new > old:       # torch's order: the last size and the offset before the last stride
            for name, value in (("self.size(-1)", data.shape[-1]), ("self.storage_offset()", input.storage_offset())):
                if value % ratio:
                    raise errors.AutogradError(f"{name} must be divisible by {ratio} {what}, but got {value}")
        if input.stride(-1) != 1:
            raise errors.AutogradError(f"self.stride(-1) must be 1 {what}, but got {input.stride(-1)}")
        if new > old:
            for i, s in enumerate(input.stride()[:-1]):
                if s % ratio:
                    raise errors.AutogradError(f"self.stride({i}) must be divisible by {ratio} {what}, but got {s}")
    return make(data.view(dtype.np), None, 0, False, input._vc, None)


@public()
def reshape(input, *shape):
    required(shape, "reshape", "shape")
    shape = _infer_shape(shape, input.numel(), "reshape")
    lead = input._data.shape[:input._data.ndim - input.ndim]   # a batched tensor's batch dims (vmap)
    try:
        np.reshape(input._data, lead + shape, copy=False)
    except ValueError:  # torch copies to a contiguous clone, then views it without recording a view
        return call(S.UNSAFE_VIEW, (call(S.CLONE, (input,)),), {"shape": shape})
    # torch: a contiguous input is a plain view; a non-contiguous one that can still be viewed is an alias,
    # except under vmap (a batched tensor is "subclass-like": always a view)
    return call(S.VIEW if lead or input.is_contiguous() else S.RESHAPE_ALIAS, (input,), {"shape": shape})


@public(method=True)
def flatten(input, start_dim=0, end_dim=-1):
    if input.ndim == 0:
        return reshape(input, 1)
    s, e = wrap_dim(start_dim, input.ndim) % input.ndim, wrap_dim(end_dim, input.ndim) % input.ndim
    if s > e:
        raise errors.ShapeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    shape = input.shape
    n = 1
    for d in shape[s:e + 1]:
        n *= d
    return reshape(input, shape[:s] + (n,) + shape[e + 1:])


@public(method=True)
def unflatten(input, dim, sizes):
    d = wrap_dim(dim, input.ndim) % input.ndim
    shape = input.shape
    sizes = tuple(sizes)
    if not sizes:
        raise errors.ShapeError("unflatten: sizes must be non-empty")
    known = math.prod(n for n in sizes if n != -1)
    if sizes.count(-1) <= 1 and (known != shape[d] if -1 not in sizes else known == 0 or shape[d] % known):
        raise errors.ShapeError(f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of dim {d} "
                                f"({shape[d]}) in the input tensor")
    return reshape(input, shape[:d] + tuple(sizes) + shape[d + 1:]) if -1 not in sizes else \
        reshape(input, shape[:d] + _infer_shape(tuple(sizes), shape[d]) + shape[d + 1:])


@public(method=True)
def squeeze(input, dim=None):
    if dim is None:
        return call(S.SQUEEZE, (input,))
    if isinstance(dim, (tuple, list)):
        return call(S.SQUEEZE_DIMS, (input,), {"dim": squeeze_dims(dim, input.ndim)})
    return call(S.SQUEEZE_DIM, (input,), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def t(input):
    if input.ndim > 2:
        raise errors.ShapeError(f"t() expects a tensor with <= 2 dimensions, but self is {input.ndim}D")
    return call(S.T, (input,))


@public(method=True, aliases=("swapaxes", "swapdims"))
def transpose(input, dim0, dim1):
    if input.ndim == 0:
        return call(S.ALIAS, (input,))
    return call(S.TRANSPOSE, (input,), {"dim0": wrap_dim(dim0, input.ndim), "dim1": wrap_dim(dim1, input.ndim)})


@public(method=True)
def permute(input, *dims):
    required(dims, "permute", "dims")
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = tuple(dims[0])
    if len(dims) != input.ndim:
        raise errors.ShapeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match "
                                f"the length of the desired ordering of dimensions i.e. input.dim() = {input.ndim} "
                                f"is not equal to len(dims) = {len(dims)}")
    nd = tuple(wrap_dim(d, input.ndim) % input.ndim for d in dims)
    if len(set(nd)) != len(nd):
        raise errors.ShapeError("permute(): duplicate dims are not allowed.")
    return call(S.PERMUTE, (input,), {"dims": nd})


@public(method=True, aliases=("moveaxis",))
def movedim(input, source, destination):
    """torch's checks in its order: equal lengths, each dim in range, no repeats; a 0-d input is an alias."""
    src = [source] if isinstance(source, (int, np.integer)) else list(source)
    dst = [destination] if isinstance(destination, (int, np.integer)) else list(destination)
    if len(src) != len(dst):
        raise errors.ShapeError(f"movedim: Invalid source or destination dims: source ({src} dims) should contain "
                                f"the same number of dims as destination ({dst} dims)")
    n = builtins.max(input.ndim, 1)
    wrapped_src = [wrap_dim(d, input.ndim) % n for d in src]
    wrapped_dst = [wrap_dim(d, input.ndim) % n for d in dst]
    if len(set(wrapped_src)) != len(src):
        raise errors.ShapeError(f"movedim: repeated dim in `source` ({src})")
    if len(set(wrapped_dst)) != len(dst):
        raise errors.ShapeError(f"movedim: repeated dim in `destination` ({dst})")
    if input.ndim == 0:
        return call(S.ALIAS, (input,))
    order = [None] * input.ndim
    for s, d in zip(wrapped_src, wrapped_dst):
        order[d] = s
    rest = iter(a for a in range(input.ndim) if a not in wrapped_src)
    return permute(input, [o if o is not None else next(rest) for o in order])


@public(namespaces=(), method=True)
def expand(input, *sizes):
    required(sizes, "expand", "size")
    if len(sizes) == 1 and isinstance(sizes[0], (list, tuple)):
        sizes = tuple(sizes[0])
    sizes = int_sizes(sizes, "expand")
    if len(sizes) < input.ndim:
        raise errors.ShapeError(f"expand({dtypes.cpu_type_name(input.dtype)}{{{list(input.shape)}}}, size={list(sizes)}): "
                                f"the number of sizes provided ({len(sizes)}) must be greater or equal to the "
                                f"number of dimensions in the tensor ({input.ndim})")
    shape = tuple(input.shape)      # one example's under vmap
    lead = len(sizes) - len(shape)
    target = [0] * len(sizes)
    for i in reversed(range(len(sizes))):         # torch checks (and reports) the last dim first
        s = sizes[i]
        if i < lead:
            if s == -1:
                raise errors.ShapeError("The expanded size of the tensor (-1) isn't allowed in a leading, "
                                        f"non-existing dimension {i}")
            target[i] = int(s)
        else:
            cur = shape[i - lead]
            if s == -1:
                target[i] = cur
            elif cur != 1 and cur != s:
                raise errors.ShapeError(f"The expanded size of the tensor ({s}) must match the existing size "
                                        f"({cur}) at non-singleton dimension {i}.  Target sizes: {list(sizes)}.  "
                                        f"Tensor sizes: {list(shape)}")
            else:
                target[i] = int(s)
    instrumentation.check_shape(target)
    return call(S.EXPAND, (input,), {"size": tuple(target)})


@public(namespaces=(), method=True)
def expand_as(input, other):
    return expand(input, other.shape)


@public(method=True)
def broadcast_to(input, size):
    return expand(input, tuple(size))


@public()
def broadcast_shapes(*shapes):
    """torch._refs._broadcast_shapes: ints are 1-d shapes, None is skipped, and a mismatch names the
    argument and the shape so far."""
    shapes = [(s,) if isinstance(s, (int, np.integer)) else s for s in shapes if s is not None]
    for shape in shapes:
        if not isinstance(shape, (tuple, list)):
            raise errors.ShapeError("Input shapes should be of type ints, a tuple of ints, or a list of ints, "
                                    f"got {shape}")
    common = [1] * builtins.max((len(s) for s in shapes), default=0)
    for index, shape in enumerate(shapes):
        for i in range(-1, -1 - len(shape), -1):
            if shape[i] == common[i]:
                continue
            if common[i] == 1:
                if shape[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = shape[i]
            if shape[i] != 1 and common[i] != shape[i]:
                raise errors.ShapeError(f"Attempting to broadcast a dimension of length {shape[i]} at {i}! "
                                        f"Mismatching argument at index {index} had {shape}; but expected "
                                        f"shape should be broadcastable to {common}")
    return Size(common)


def infer_size(*shapes) -> Size:
    """ATen's infer_size folded over the shapes (broadcast_tensors and the kernels that broadcast):
    its mismatch message is not torch.broadcast_shapes' one."""
    common = ()
    for shape in shapes:
        n = builtins.max(len(common), len(shape))
        a, b = (1,) * (n - len(common)) + tuple(common), (1,) * (n - len(shape)) + tuple(shape)
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y and x != 1 and y != 1:
                raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                        f"non-singleton dimension {i}")
        common = tuple(y if x == 1 else x for x, y in zip(a, b))
    return Size(common)


@public()
def broadcast_tensors(*tensors):
    shape = infer_size(*(t.shape for t in tensors))
    return tuple(expand(t, shape) for t in tensors)


@public(namespaces=(), method=True)
def repeat(input, *repeats):
    required(repeats, "repeat", "repeats")
    if len(repeats) == 1 and isinstance(repeats[0], (list, tuple)):
        repeats = tuple(repeats[0])
    repeats = int_sizes(repeats, "repeat", "repeats")
    if len(repeats) < input.ndim:
        raise errors.ShapeError("Number of dimensions of repeat dims can not be smaller than number of dimensions "
                                "of tensor")
    shape = (1,) * (len(repeats) - input.ndim) + tuple(input.shape)
    instrumentation.check_shape([a * b for a, b in zip(shape, repeats)])
    return call(S.REPEAT, (input,), {"repeats": tuple(int(r) for r in repeats)})


@public()
def cat(tensors, dim=0):
    return _cat(tensor_list(tensors, "cat"), dim)


@public()
def concat(tensors, dim=0):
    return _cat(tensor_list(tensors, "concat"), dim)


@public()
def concatenate(tensors, dim=0):
    return _cat(tensor_list(tensors, "concatenate"), dim)


def _cat(tensors, dim):
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if t.ndim == 0:             # torch.cat([loss_a, loss_b]): torch.stack is meant
            raise errors.ShapeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    ref = next((t for t in tensors if t.ndim > 1 or t.numel() > 0), tensors[0])
    d = wrap_dim(dim, ref.ndim)
    parts = [t for t in tensors if not (t.ndim == 1 and t.numel() == 0 and ref.ndim > 1)]
    for i, t in enumerate(parts):
        if t.ndim != ref.ndim:
            raise errors.ShapeError(f"Tensors must have same number of dimensions: got {ref.ndim} and {t.ndim}")
        for ax in range(ref.ndim):
            if ax != d % ref.ndim and t.shape[ax] != ref.shape[ax]:
                raise errors.ShapeError(f"Sizes of tensors must match except in dimension {d % ref.ndim}. Expected "
                                        f"size {ref.shape[ax]} but got size {t.shape[ax]} for tensor number {i} in "
                                        "the list.")
    parts = _common_dtype(parts)
    op = S.cat_op(len(parts))
    return call(op, tuple(parts), {"dim": d, "sizes": tuple(t.shape[d] for t in parts)})


def _common_dtype(tensors: list) -> list:
    """cat and stack promote as torch does (int64 with float32 is float32; numpy would give float64)."""
    first = tensors[0].dtype
    if all(t.dtype is first for t in tensors):
        return tensors
    common = first
    for t in tensors[1:]:
        common = dtypes.promote_types(common, t.dtype)
    return [t if t.dtype is common else t.to(common) for t in tensors]


@public()
def stack(tensors, dim=0):
    tensors = tensor_list(tensors, "stack")
    if not tensors:
        raise errors.AutogradError("stack expects a non-empty TensorList")
    for i, t in enumerate(tensors):
        if t.shape != tensors[0].shape:
            raise errors.ShapeError(f"stack expects each tensor to be equal size, but got {list(tensors[0].shape)} "
                                    f"at entry 0 and {list(t.shape)} at entry {i}")
    d = wrap_dim(dim, tensors[0].ndim + 1)
    tensors = _common_dtype(tensors)
    return call(S.stack_op(len(tensors)), tuple(tensors), {"dim": d, "count": len(tensors)})


@public()
def hstack(tensors):
    tensors = [_1d(t) for t in _non_empty(tensors, "hstack")]
    return _cat(tensors, 0 if tensors[0].ndim == 1 else 1)


@public()
def vstack(tensors):
    return _cat([_2d(t) for t in _non_empty(tensors, "vstack")], 0)


def _non_empty(tensors, fn: str) -> list:
    tensors = tensor_list(tensors, fn)
    if not tensors:
        raise errors.AutogradError(f"{fn} expects a non-empty TensorList")
    return tensors


def _at_least(name, one, tensors):
    """torch.atleast_Nd: one tensor, or a tuple of results for several (given apart or as a sequence)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        return tuple(one(_check_tensor(t, name)) for t in tensors[0])
    if len(tensors) == 1:
        return one(_check_tensor(tensors[0], name))
    return tuple(one(_check_tensor(t, name)) for t in tensors)


def _1d(t):
    return reshape(t, (1,)) if t.ndim == 0 else t


def _2d(t):   # torch's nodes: View for a 0-d tensor, Unsqueeze for a vector
    return reshape(t, (1, 1)) if t.ndim == 0 else unsqueeze(t, 0) if t.ndim == 1 else t


def _3d(t):
    if t.ndim == 0:
        return reshape(t, (1, 1, 1))
    if t.ndim == 1:
        return unsqueeze(unsqueeze(t, 0), -1)
    return unsqueeze(t, -1) if t.ndim == 2 else t


@public()
def atleast_1d(*tensors):
    return _at_least("atleast_1d", _1d, tensors)


@public()
def atleast_2d(*tensors):
    return _at_least("atleast_2d", _2d, tensors)


@public()
def atleast_3d(*tensors):
    return _at_least("atleast_3d", _3d, tensors)


@public(method=True)
def split(tensor, split_size_or_sections, dim=0):
    if tensor.ndim == 0:
        raise errors.ShapeError("split expects at least a 1-dimensional tensor")
    if isinstance(split_size_or_sections, int) and split_size_or_sections < 0:
        raise errors.AutogradError(f"split expects split_size be non-negative, but got split_size="
                                   f"{split_size_or_sections}")
    d = wrap_dim(dim, tensor.ndim)
    n = tensor.shape[d]
    if isinstance(split_size_or_sections, int):
        step = split_size_or_sections
        if step <= 0:
            raise errors.AutogradError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        return call(S.SPLIT_EQUAL, (tensor,), {"split_size": step, "dim": d})
    else:
        sizes = tuple(int(s) for s in split_size_or_sections)
        if builtins.any(s < 0 for s in sizes):
            raise errors.AutogradError("split_with_sizes expects split_sizes have only non-negative entries, but got "
                                       f"split_sizes={list(sizes)}")
        if builtins.sum(sizes) != n:
            raise errors.ShapeError(f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size "
                                    f"at dimension {d % tensor.ndim}), but got split_sizes={list(sizes)}")
    return call(S.SPLIT, (tensor,), {"split_sizes": sizes, "dim": d})


@public(method=True)
def chunk(input, chunks, dim=0):
    if input.ndim == 0:
        raise errors.ShapeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise errors.AutogradError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    if n == 0:      # torch gives `chunks` empty pieces
        return split(input, [0] * chunks, d)
    return split(input, -(-n // chunks), d)


@public(method=True)
def unbind(input, dim=0):
    return call(S.UNBIND, (input,), {"dim": wrap_dim_of_sized(wrap_dim(dim, input.ndim), input.ndim, shown=0)})


@public(namespaces=(), method=True)
def unfold(input, dimension, size, step):
    """Tensor.unfold: every ``step`` elements along ``dimension``, a window of ``size`` as a new last dim."""
    d = wrap_dim(dimension, max(input.ndim, 1))
    return call(S.UNFOLD, (input,), {"dimension": d, "size": int(size), "step": int(step)})


@public(method=True)
def narrow(input, dim, start, length):
    if input.ndim == 0:
        raise errors.ShapeError("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise errors.AutogradError("narrow(): length must be non-negative.")
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    if not -n <= start <= n:
        raise IndexError(f"start out of range (expected to be in range of [{-n}, {n}], but got {start})")
    start = int(start) + n if start < 0 else int(start)
    if start < 0 or start + length > n:
        raise errors.ShapeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return call(S.SLICE, (input,), {"dim": d, "start": start, "end": start + int(length), "step": 1})


@public(method=True)
def diagonal(input, offset=0, dim1=0, dim2=1):
    d1, d2 = wrap_dim(dim1, input.ndim), wrap_dim(dim2, input.ndim)
    if d1 == d2:
        raise errors.ShapeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return call(S.DIAGONAL, (input,), {"offset": offset, "dim1": d1, "dim2": d2})


@public(method=True)
def flip(input, *dims):
    required(dims, "flip", "dims")
    dims = tuple(dims[0]) if len(dims) == 1 and isinstance(dims[0], (list, tuple)) else dims
    wrapped = tuple(wrap_dim(d, input.ndim) for d in dims)
    for i, d in enumerate(wrapped):
        if d in wrapped[:i]:
            raise errors.AutogradError(f"dim {d % builtins.max(input.ndim, 1)} appears multiple times in the list of dims")
    return call(S.FLIP, (input,), {"dims": wrapped if input.ndim else ()})    # (0-d: a copy)


@public(method=True)
def fliplr(input):
    if input.ndim < 2:
        raise errors.ShapeError("Input must be >= 2-d.")
    return flip(input, (1,))


@public(method=True)
def flipud(input):
    if input.ndim < 1:
        raise errors.ShapeError("Input must be >= 1-d.")
    return flip(input, (0,))


@public(method=True)
def roll(input, shifts, dims=None):
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    dims = () if dims is None else (dims,) if isinstance(dims, int) else tuple(dims)
    if not shifts:
        raise errors.AutogradError("`shifts` required")
    if len(shifts) != len(dims) and (dims or len(shifts) != 1):
        raise errors.AutogradError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    return call(S.ROLL, (input,), {"shifts": shifts, "dims": tuple(wrap_dim_of_sized(d, input.ndim, dims[0])
                                                                   for d in dims)})


@public(method=True)
def clone(input, *, memory_format=None):
    """A copy; by default (preserve_format) a transpose's or permute's copy keeps its strides, as
    torch's: ``x.t().clone()`` is not contiguous, so a view of it is refused as torch refuses it.
    ``memory_format=torch.channels_last`` lays the copy out in that format."""
    fmt = memory_layout.preserve_format if memory_format is None else memory_layout.checked(memory_format, "clone")
    if fmt is not memory_layout.preserve_format and fmt is not memory_layout.contiguous_format \
            and input.__dict__.get("_lv"):
        raise errors.AutogradError("NYI: Tensor.clone(memory_format) inside vmap is only supported with memory_format "
                                   "torch.preserve_format or torch.contiguous_format (got "
                                   f"{memory_layout.aten_name(fmt)})")
    memory_layout.check_rank(fmt, input.ndim)
    out = call_fast(S.CLONE, input)
    data = input._data
    if fmt is memory_layout.preserve_format and not data.size and data.ndim and any(data.strides):
        out._data = memory_layout.empty_as_strided(data, data.dtype)
        return out
    if fmt is memory_layout.preserve_format and data.size and not data.flags.c_contiguous:
        if dense_layout(data):
            out._data = np.copy(data, order="K")     # the same values, laid out as input's
            return out
        fmt = memory_layout.suggested(data)      # torch's choice for a non-dense input
    if fmt is not memory_layout.contiguous_format and fmt is not memory_layout.preserve_format \
            and data.ndim == input.ndim:   # (not inside vmap)
        out._data = memory_layout.laid_out(data, fmt)
    return out


@public(method=True)
def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    return call(S.EMBED, (input, src), {"dim": wrap_dim(dim, input.ndim), "index": slice(start, end, step)})


@public(method=True)
def select_scatter(input, src, dim, index):
    return call(S.EMBED, (input, src), {"dim": wrap_dim(dim, input.ndim), "index": int(index)})


@public(method=True)
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    return call(S.EMBED_DIAG, (input, src), {"offset": offset, "dim1": wrap_dim(dim1, input.ndim),
                                             "dim2": wrap_dim(dim2, input.ndim)})


pi = math.pi
e = math.e
inf = math.inf
nan = math.nan
newaxis = None

@public(method=True)
def nonzero(input, *, as_tuple=False):
    if input.__dict__.get("_lv"):       # inside vmap: each example's count of nonzeros differs, torch refuses
        raise RuntimeError("Batching rule not implemented for aten::nonzero_numpy. We could not generate a fallback."
                           if as_tuple else "vmap: We do not support batching operators that can output dynamic "
                           "shape. Attempted to vmap over aten::nonzero. Please file an issue at "
                           "https://github.com/pytorch/pytorch/issues if you need this feature.")
    if input.ndim == 0:      # numpy refuses a 0-d array; torch counts its one element
        count = int(bool(input._data))
        return (make(np.arange(count, dtype=np.int64)),) if as_tuple else make(np.zeros((count, 0), np.int64))
    idx = np.nonzero(input._data)
    if as_tuple:
        return tuple(make(i.astype(np.int64)) for i in idx)
    return make(np.stack(idx, axis=-1).astype(np.int64) if idx else np.zeros((1, 0), np.int64))
