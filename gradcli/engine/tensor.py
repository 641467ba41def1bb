"""Tensor: an ndarray plus the autograd state torch keeps beside it.

Hot fields live in ``__slots__``; what few tensors need (hooks, retain_grad,
view replay, forward-mode tangents, user attributes) lives in ``_x`` or the
instance dict, so making a tensor costs a handful of attribute stores.

This is the data layer: it knows nothing of ops or of the backward pass. The
methods that need them (``backward``, arithmetic, ``__repr__``...) are attached
in one place, ``tensor_methods.attach``, by the package's ``__init__``.
"""
from __future__ import annotations

import warnings
from collections import deque

import numpy as np

from . import dtypes, errors, instrumentation, memory_layout
from .autograd.grad_mode import enable_grad, mode as _mode
from .device import device
from .hooks import add_hook
from .storage_address import data_address, root_array, storage_address

_new = object.__new__


class TensorExtras:
    """Rarely used per-tensor state."""

    __slots__ = ("accum", "hooks", "post_hooks", "retains_grad", "view_steps", "view_version", "tangents",
                 "is_param", "creation_meta", "tracked")

    def __init__(self):
        # creation_meta: how a view came to be, for torch's in-place refusals: NO_GRAD_VIEW
        # (made under no_grad from a tensor that requires grad) or the name of the function that
        # returned several views ("Split", "Unbind")
        self.accum = self.hooks = self.post_hooks = self.view_steps = self.tangents = self.creation_meta = None
        self.retains_grad = self.is_param = self.tracked = False   # tracked: a torch.func transform's input
        self.view_version = -1


class Size(tuple):
    """``torch.Size``: a tuple that prints as torch does."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    __str__ = __repr__

    def numel(self) -> int:
        n = 1
        for s in self:
            n *= s
        return n

    # what a tuple's operations make of a Size is a Size again, as torch's (``x.shape[1:] + (4,)``)
    def __getitem__(self, index):
        got = tuple.__getitem__(self, index)
        return Size(got) if isinstance(index, slice) else got

    def __add__(self, other):
        if not isinstance(other, tuple):
            raise TypeError(f"can only concatenate tuple (not {type(other).__name__}) to torch.Size")
        return Size(tuple.__add__(self, other))

    def __radd__(self, other):
        return Size(tuple.__add__(other, self))

    def __mul__(self, times):
        return Size(tuple.__mul__(self, times))

    __rmul__ = __mul__


_warned = {"float": False, "create_graph": False, "T": False, "nuclear_norm": False, "always": False}   # torch's warnings given once per process
# (unless torch.set_warn_always(True): then "always" keeps them coming)


class Tensor:
    """A torch-like tensor over a numpy array (see DESIGN §2)."""

    __slots__ = ("_data", "_grad_fn", "_output_nr", "_requires_grad", "_grad", "_vc", "_base", "_x",
                 "__dict__", "__weakref__")
    __array_priority__ = 1000
    __array_ufunc__ = None  # numpy defers to our reflected operators

    def __init__(self, *args):
        """``torch.Tensor([...])`` makes a default-float tensor; ``torch.Tensor(2, 3)`` an empty one."""
        if len(args) == 1 and not isinstance(args[0], int):
            data = np.asarray(nested_data(args[0]), dtype=dtypes.get_default_dtype().np)
        else:
            instrumentation.check_shape(args)   # the element limit holds for a size given this way too
            data = np.zeros(tuple(args), dtype=dtypes.get_default_dtype().np)
        _init(self, data)

    # -- identity and metadata --------------------------------------------------------------
    @property
    def shape(self) -> Size:
        return Size(self._data.shape)

    def size(self, dim: int | None = None):
        if dim is None:
            return Size(self._data.shape)
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    @property
    def dtype(self) -> dtypes.dtype:
        return dtypes.from_numpy_dtype(self._data.dtype)

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def dim(self) -> int:
        return self._data.ndim

    ndimension = dim

    def numel(self) -> int:
        return self._data.size

    nelement = numel

    def element_size(self) -> int:
        return self._data.itemsize

    @property
    def itemsize(self) -> int:
        return self._data.itemsize

    @property
    def nbytes(self) -> int:
        return self._data.nbytes

    @property
    def device(self):
        return device("cpu")

    @property
    def is_cuda(self) -> bool:
        return False

    def is_floating_point(self) -> bool:
        return self._data.dtype.kind == "f"

    def is_complex(self) -> bool:
        return self._data.dtype.kind == "c"

    def is_contiguous(self, memory_format=None) -> bool:
        if memory_format is None:
            return self._data.flags.c_contiguous
        fmt = memory_layout.checked(memory_format, "is_contiguous")
        if fmt is not memory_layout.contiguous_format and self.__dict__.get("_lv"):
            raise errors.AutogradError("NYI: querying is_contiguous inside of vmap for memory_format other than "
                                       "torch.contiguous_format")
        return memory_layout.is_contiguous_as(self._data, fmt)

    def stride(self, dim: int | None = None):
        item = self._data.itemsize
        st = tuple(s // item for s in self._data.strides)
        if not self._data.size and not any(st) and self._base is None:   # numpy (2.4) gives a fresh empty array zero strides
            st = memory_layout.format_strides(self._data.shape, memory_layout.contiguous_format)
        return st if dim is None else st[_wrap_dim(dim, self._data.ndim)]

    def data_ptr(self) -> int:
        return data_address(storage(self))

    def storage_offset(self) -> int:
        """Elements between the start of the storage and this tensor's first element."""
        return (self.data_ptr() - self.untyped_storage_ptr()) // self._data.itemsize

    def untyped_storage_ptr(self) -> int:
        return storage_address(root_array(storage(self)))

    # -- autograd state ---------------------------------------------------------------------
    @property
    def requires_grad(self) -> bool:
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, flag) -> None:
        if type(flag) is not bool:      # torch's check: `x.requires_grad = 5` is no silent True
            raise errors.AutogradError("requires_grad must be a bool")
        self._set_requires_grad(flag, "only Tensors of floating point and complex dtype can require gradients")

    def requires_grad_(self, requires_grad: bool = True) -> "Tensor":
        if type(requires_grad) is not bool:
            raise TypeError("requires_grad_(): argument 'requires_grad' (position 1) must be bool, not "
                            f"{type(requires_grad).__name__}")
        return self._set_requires_grad(requires_grad, "only Tensors of floating point dtype can require gradients")

    def _set_requires_grad(self, requires_grad: bool, int_message: str) -> "Tensor":
        """torch words the integer-dtype refusal differently for the setter, the method and factories."""
        if self._grad_fn is not None:
            if requires_grad:
                return self
            raise errors.GraphError(errors.NONLEAF_REQUIRES_GRAD)
        if requires_grad and self._data.dtype.kind not in "fc":
            raise errors.DTypeError(int_message)
        if requires_grad and self._vc is None and not _mode().inference:
            raise errors.AutogradError("Setting requires_grad=True on inference tensor outside InferenceMode "
                                       "is not allowed.")
        self._requires_grad = bool(requires_grad)
        return self

    @property
    def is_leaf(self) -> bool:
        return self._grad_fn is None

    @property
    def grad_fn(self):
        if self._base is not None:
            refresh_view_grad_fn(self)
        return self._grad_fn

    @property
    def output_nr(self) -> int:
        return self._output_nr

    @property
    def grad(self):
        if self._grad is None and self._grad_fn is not None and not self.retains_grad:
            warnings.warn(
                "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
                "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
                "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
                "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. "
                "See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
                "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)",    # torch's text, as printed
                UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type "
                                f"{type(value).__name__}")
            if value._data.dtype != self._data.dtype:
                raise errors.DTypeError(
                    f"attempting to assign a gradient with dtype '{dtypes.c_type_name(value._data.dtype)}' to a "
                    f"tensor with grad_dtype '{dtypes.scalar_type_name(self._data.dtype)}'. The gradient must match "
                    "the tensor's grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype "
                    "attribute with a specific dtype, or None to allow any dtype. Set grad_dtype with caution. "
                    "Diverging the dtypes of a tensor and its gradient may break downstream systems that assume "
                    "they match.")
            if value._data.shape != self._data.shape:
                raise errors.ShapeError(
                    f"attempting to assign a gradient of size '{list(value._data.shape)}' to a tensor of size "
                    f"'{list(self._data.shape)}'. Please ensure that the gradient and the tensor are the same size")
        self._grad = value

    @property
    def retains_grad(self) -> bool:
        return self._x is not None and self._x.retains_grad

    @property
    def _extras(self) -> TensorExtras:
        if self._x is None:
            self._x = TensorExtras()
        return self._x

    def retain_grad(self) -> None:
        """Keep ``.grad`` for this non-leaf after backward (a no-op on leaves)."""
        if instrumentation.grad_levels:     # inside torch.func.grad/vjp/jacrev: torch refuses
            raise errors.GraphError("You are attempting to call Tensor.retain_grad() inside of a function being "
                                    "transformed by a functorch transform. This is unsupported, please attempt to use "
                                    "the functorch transforms (e.g. grad, vjp, jacrev, jacfwd, hessian) or call "
                                    "retain_grad() outside of a function being transformed instead.")
        if not self._requires_grad:
            raise errors.GraphError("can't retain_grad on Tensor that has requires_grad=False")
        if instrumentation.grad_levels:
            raise RuntimeError("You are attempting to call Tensor.retain_grad() inside of a function being "
                               "transformed by a functorch transform. This is unsupported, please attempt to use "
                               "the functorch transforms (e.g. grad, vjp, jacrev, jacfwd, hessian) or call "
                               "retain_grad() outside of a function being transformed instead.")
        if self._grad_fn is None or self.retains_grad:
            return
        self._extras.retains_grad = True
        self.grad_fn.retain_output(self._output_nr, self)

    def register_hook(self, hook):
        """``hook(grad)`` runs when this tensor's gradient is computed; it may return a replacement."""
        if not self._requires_grad:
            raise errors.GraphError("cannot register a hook on a tensor that doesn't require gradient")
        fn = self.grad_fn
        if fn is not None:
            return fn.add_tensor_hook(self._output_nr, hook)
        x = self._extras
        if x.hooks is None:
            x.hooks = {}
        return add_hook(x.hooks, hook)

    def register_post_accumulate_grad_hook(self, hook):
        """``hook(tensor)`` runs after ``.grad`` of this leaf was updated."""
        if not self._requires_grad:
            raise errors.GraphError("cannot register a hook on a tensor that doesn't require gradient")
        if self._grad_fn is not None:
            raise errors.GraphError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        x = self._extras
        if x.post_hooks is None:
            x.post_hooks = {}
        return add_hook(x.post_hooks, hook)

    def detach(self) -> "Tensor":
        """Same data and version counter (none for an inference tensor), no graph."""
        t = make(storage(self), None, 0, False, self._vc, None)
        t._vc = self._vc
        return t

    def detach_(self) -> "Tensor":
        if self._base is not None:
            raise errors.AutogradError("Can't detach views in-place. Use detach() instead. If you are using "
                                       "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view "
                                       "is set as True, gradients are views of DDP buckets, and hence detach_() "
                                       "cannot be called on these gradients. To fix this error, please refer to "
                                       "the Optimizer.zero_grad() function in torch/optim/optimizer.py as the "
                                       "solution.")
        self._grad_fn = None
        self._output_nr = 0
        self._requires_grad = False
        return self

    @property
    def data(self) -> "Tensor":
        """The same storage with no graph and its own version counter (torch's ``.data``)."""
        return make(storage(self), None, 0, False, [0], None)

    @data.setter
    def data(self, value: "Tensor") -> None:
        if not isinstance(value, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {errors.type_name(value)}")
        if self._requires_grad and value._data.dtype.kind not in "fc":     # an int64 tensor requiring grad
            raise errors.AutogradError("data set to a tensor that requires gradients must be floating point or "
                                       "complex dtype")
        self._data = value._data

    @property
    def _version(self) -> int:
        if self._vc is None:
            raise errors.AutogradError(errors.INFERENCE_VERSION)
        return self._vc[0]

    def is_inference(self) -> bool:
        return self._vc is None

    # -- conversions ------------------------------------------------------------------------
    def item(self):
        if self._data.size != 1:
            raise errors.ShapeError(f"a Tensor with {self._data.size} elements cannot be converted to Scalar")
        return self._data.reshape(()).item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, force: bool = False) -> np.ndarray:
        if self._requires_grad and not force:
            raise errors.AutogradError(errors.NUMPY_REQUIRES_GRAD)
        return storage(self)

    def __bool__(self) -> bool:
        if self._data.size != 1:
            raise errors.AutogradError("Boolean value of Tensor with more than one value is ambiguous"
                                       if self._data.size else "Boolean value of Tensor with no values is ambiguous")
        return bool(self._data.reshape(()))

    def __float__(self) -> float:
        if self._requires_grad and _mode().grad and not _warned["float"]:
            _warned["float"] = not _warned["always"]   # torch warns once per process, in grad mode (int() and item() never)
            warnings.warn("Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
                          "behavior.\nConsider using tensor.detach() first.", UserWarning, stacklevel=2)
        return float(self._real_scalar("double"))

    def __int__(self) -> int:
        return int(self._real_scalar("int64_t"))

    def __index__(self) -> int:
        if self._data.dtype.kind not in "iub" or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def __complex__(self) -> complex:
        return complex(self._python_scalar())

    def _real_scalar(self, c_type: str):
        """float(t), int(t): a complex number with no imaginary part gives its real part; with one, torch's
        checked_convert refuses it."""
        value = self._python_scalar()
        if value.__class__ is complex:
            if value.imag:
                raise errors.AutogradError(f"value cannot be converted to type {c_type} without overflow")
            return value.real
        return value

    def _python_scalar(self):
        """float(t), int(t), complex(t): Python's ValueError for several elements (item() raises torch's own)."""
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return self._data.reshape(()).item()

    def __len__(self) -> int:
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __hash__(self) -> int:
        return id(self)

    def __format__(self, spec: str) -> str:
        if self._data.ndim == 0:
            return format(self.item(), spec)
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return repr(self)

    def __reduce__(self):
        raise TypeError("gradcli tensors cannot be pickled")

    def __deepcopy__(self, memo):
        """torch's rule: only leaves copy (with their .grad); a copy already made in this deepcopy is reused."""
        if self._grad_fn is not None:
            raise errors.AutogradError(
                "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the "
                "moment.  If you were attempting to deepcopy a module, this may be because of a "
                "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001")
        if id(self) in memo:
            return memo[id(self)]
        copy = make(deepcopy_data(self._data, memo))
        copy._requires_grad = self._requires_grad
        if self._grad is not None:
            copy._grad = self._grad.__deepcopy__(memo)
        memo[id(self)] = copy
        return copy


def deepcopy_data(data, memo):
    """A copy of ``data``. Tensors of one deepcopy that share an array share its one copy (a
    state dict holding a tensor and its views loads as views), as torch's copied storages do."""
    root = data
    while root.__class__ is np.ndarray and root.base.__class__ is np.ndarray:
        root = root.base
    if root.__class__ is not np.ndarray or root.base is not None:
        return data.copy()
    new_root = memo.get(id(root))
    if new_root is None:
        new_root = memo[id(root)] = root.copy(order="K")
        memo.setdefault(id(memo), []).append(root)      # copy's keep-alive: the id stays this array's
    if data is root:
        return new_root
    offset = data.__array_interface__["data"][0] - root.__array_interface__["data"][0]
    return np.ndarray(data.shape, data.dtype, new_root, offset, data.strides)


NO_GRAD_VIEW = "no_grad"


class CustomFunctionView(str):
    """creation_meta of a custom Function's output that is a view or an input returned as-is: the
    Function's name (torch refuses in-place writes to it)."""


def _init(t: Tensor, data: np.ndarray) -> None:
    t._data = data
    t._grad_fn = None
    t._output_nr = 0
    t._requires_grad = False
    t._grad = None
    t._vc = None if _mode().inference else [0]
    t._base = None
    t._x = None


def make(data, grad_fn=None, output_nr: int = 0, requires_grad: bool = False, vc=None, base=None) -> Tensor:
    """Wrap an ndarray without copying (the engine's internal constructor)."""
    t = _new(Tensor)
    t._data = data
    t._grad_fn = grad_fn
    t._output_nr = output_nr
    t._requires_grad = requires_grad
    t._grad = None
    t._vc = vc if vc is not None else (None if _mode().inference else [0])
    t._base = base
    t._x = None
    return t


_SCALARS = frozenset((np.float16, np.float32, np.float64, np.complex64, np.complex128, np.int8, np.int16,
                      np.int32, np.int64, np.uint8, np.bool_))


def storage(t: Tensor) -> np.ndarray:
    """The tensor's data as an ndarray that can be written or aliased.

    A 0-d result is kept as a numpy scalar, whose arithmetic is several times
    cheaper than a 0-d array's; anything that writes into it or makes another
    tensor share it (in-place ops, views, detach, ``.data``, ``numpy()``) first
    turns it into a real 0-d array, here.
    """
    d = t._data
    if d.__class__ is not np.ndarray:
        d = t._data = np.array(d)
    return d


def view_source(t: Tensor) -> np.ndarray:
    """``storage(t)`` as a view op reads it: numpy (2.4) gives a fresh empty array zero strides where
    torch gives contiguous ones, and a view's strides and offset derive from its base's (``t()``,
    ``expand``, ``x[2:]``), so an empty base is seen through torch's strides first."""
    d = storage(t)
    if d.size or not d.ndim or any(d.strides) or t._base is not None:
        return d
    fresh = memory_layout.format_strides(d.shape, memory_layout.contiguous_format)
    return np.ndarray(d.shape, d.dtype, d, 0, [s * d.itemsize for s in fresh])


def view_replay(base: Tensor, steps):
    """Replays a view's recorded steps on its base; the view machinery (``views``, a layer above)
    installs the real function with ``set_view_replay`` when the package loads."""
    raise errors.AutogradError("the view machinery is not loaded")


def set_view_replay(fn) -> None:
    global view_replay
    view_replay = fn


def refresh_view_grad_fn(view: Tensor) -> None:
    """A view whose base was changed in place gets its grad_fn rebuilt from the base's new graph."""
    x = view._x
    if x is None or x.view_steps is None or view._vc is None or x.view_version == view._vc[0]:
        return
    base = view._base
    x.view_version = view._vc[0]
    if not base._requires_grad or not _mode().grad and base._grad_fn is None:
        return
    with enable_grad():
        fresh = view_replay(base, x.view_steps)
    view._grad_fn = fresh._grad_fn
    view._output_nr = fresh._output_nr
    view._requires_grad = fresh._requires_grad


def _wrap_dim(dim: int, ndim: int) -> int:
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim % n


SEQUENCES = (list, tuple, range, deque)     # what torch's tensor data parser walks into (its sequences)


def nested_data(value):
    """Nested lists/tuples of numbers and tensors as torch's parser reads them, for numpy: the first
    elements' nesting sets the dims, a tensor at the innermost one is a number (it must hold one
    element, as for item(): ``tensor([t1, t2])`` of shape-(1,) tensors has shape (2,)), a tensor
    above it a sequence; a tensor alone is its array."""
    if isinstance(value, Tensor):
        return value._data
    depth, first = 0, value
    while isinstance(first, SEQUENCES):
        depth += 1
        if not first:
            break
        first = first[0]
    return _nested(value, depth)


def _nested(value, depth: int):
    if isinstance(value, Tensor):
        if depth == value.ndim:
            return value._data
        if depth > 0:     # a tensor where the nesting wants fewer dims: a sequence of its rows
            return [_nested(make(row), depth - 1) for row in value._data]
        if value._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return value._data.reshape(())
    if isinstance(value, SEQUENCES):
        return [_nested(v, depth - 1) for v in value]
    return value

