"""`import numpy as np` in scripts: the part of numpy PyTorch scripts use beside torch
(`np.array` for data, `x.grad.numpy()`, `np.allclose` checks, `np.random.seed`), and nothing that
reaches files, Python callables or memory addresses.

Every member is numpy's own function (so values, dtypes and printing are numpy's), chosen from
a list: no I/O (`load`, `save`, `fromfile`, `memmap`, `tofile`), nothing that calls back into
Python (`vectorize`, `frompyfunc`, `apply_along_axis`, `fromfunction`), no process-wide state
(`set_printoptions`, `seterr`). An array a call returns is held to the tensor element limit.
`numpy.random` is a generator of the session's own (numpy's legacy stream: the same numbers as
`np.random.seed(s)` gives in Python), so one script's seed does not move another's draws.
"""

from __future__ import annotations

import numpy as np

from .sandbox import TypeToken

FUNCTIONS = """
    array asarray ascontiguousarray copy zeros ones full empty zeros_like ones_like full_like empty_like
    eye identity arange linspace logspace meshgrid diag diagonal tril triu
    abs absolute negative sign sqrt cbrt square exp exp2 expm1 log log2 log10 log1p sin cos tan arcsin arccos
    arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh degrees radians deg2rad rad2deg hypot floor ceil
    trunc rint round around fix clip maximum minimum fmax fmin power float_power mod fmod remainder divmod
    add subtract multiply divide true_divide floor_divide reciprocal sinc heaviside logaddexp
    where isnan isinf isfinite isclose allclose array_equal array_equiv nan_to_num signbit copysign
    equal not_equal less less_equal greater greater_equal logical_and logical_or logical_not logical_xor
    sum mean average std var max min amax amin argmax argmin prod cumsum cumprod median percentile quantile
    nansum nanmean nanmax nanmin nanstd nanvar all any count_nonzero ptp
    dot vdot matmul inner outer tensordot einsum kron trace cross
    reshape ravel transpose swapaxes moveaxis squeeze expand_dims concatenate stack vstack hstack dstack
    column_stack split array_split tile repeat flip fliplr flipud roll rot90 broadcast_to atleast_1d
    atleast_2d sort argsort unique nonzero argwhere flatnonzero searchsorted bincount histogram diff
    gradient interp convolve correlate cov corrcoef shape size ndim
""".split()

CONSTANTS = ("pi", "e", "inf", "nan", "newaxis", "euler_gamma")
DTYPES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool_", "complex64",
          "complex128", "double", "single", "half", "intc", "longlong", "ndarray", "dtype")
LINALG = ("norm", "inv", "det", "solve", "eig", "eigh", "eigvals", "eigvalsh", "svd", "qr", "cholesky",
          "matrix_rank", "pinv", "slogdet", "lstsq", "matrix_power", "cond")
RANDOM = ("seed", "rand", "randn", "randint", "random", "random_sample", "normal", "uniform", "choice",
          "permutation", "shuffle", "standard_normal", "binomial", "poisson", "exponential", "beta", "gamma")
TESTING = ("assert_allclose", "assert_array_equal", "assert_array_almost_equal", "assert_almost_equal",
           "assert_equal")
GENERATOR_METHODS = frozenset("""random standard_normal normal uniform integers choice permutation shuffle
    binomial poisson exponential beta gamma""".split())
def members(name: str, state, policy, namespaces: dict) -> dict:
    """The members of one of the namespaces `numpy`, `numpy.random`, `numpy.linalg`, `numpy.testing`
    (``namespaces``: the session's four, for the submodules `numpy` holds)."""
    if name == "numpy":
        return _numpy_members(state, {n.rpartition(".")[2]: ns for n, ns in namespaces.items() if n != "numpy"})
    if name == "numpy.random":
        policy.allow(np.random.Generator, GENERATOR_METHODS)
        for method in GENERATOR_METHODS:    # rng.choice([10**30, 1], size=2) is an array of Python objects
            policy.add_guard(np.random.Generator, method, lambda owner, bound, span: _limited(bound, state))
        return _random_members(state)
    if name == "numpy.linalg":
        return {n: _limited(getattr(np.linalg, n), state) for n in LINALG}
    return {n: getattr(np.testing, n) for n in TESTING}


MAX_CONVOLUTION_WORK = 10**9    # multiplications of one np.convolve/np.correlate: about a second


def _numpy_members(state, children: dict) -> dict:
    members = {name: _limited(getattr(np, name), state) for name in FUNCTIONS}
    for name in ("convolve", "correlate"):
        members[name] = _bounded_work(members[name])
    for name in ("array", "asarray"):       # a tensor (or a list of them) read as torch's __array__ reads it
        members[name] = _reading_tensors(members[name])
    members.update({name: getattr(np, name) for name in CONSTANTS + DTYPES})
    # `isinstance(a, np.ndarray)` and `type(a) is np.ndarray` hold, but the class is not callable: its
    # constructor takes any buffer, strides and dtype (2**40 elements over 8 bytes, arrays of objects)
    members["ndarray"] = TypeToken.of(np.empty(0))
    members.update(children, __version__=np.__version__)
    return members


def _random_members(state) -> dict:
    rng = np.random.RandomState()

    def default_rng(seed=None):
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise TypeError("default_rng takes an integer seed in gradcli scripts")
        return np.random.default_rng(seed)

    members = {name: _limited(getattr(rng, name), state) for name in RANDOM}
    members["default_rng"] = default_rng
    return members


def _bounded_work(function):
    """np.convolve(a, v) takes len(a) * len(v) multiplications in one C call, which no time check
    reaches (10**6 by 10**6 ran for minutes past the time limit); more than MAX_CONVOLUTION_WORK is
    the limit error, before it starts."""
    from .errors import GradcliError

    def call(a, v, *args, **kwargs):
        work = np.size(a) * np.size(v)
        if work > MAX_CONVOLUTION_WORK:
            raise GradcliError("limit", f"np.{function.__name__} of {np.size(a)} by {np.size(v)} elements would take "
                               f"{work} multiplications in one call, past every time check (at most "
                               f"{MAX_CONVOLUTION_WORK})", None)
        return function(a, v, *args, **kwargs)
    call.__name__ = call.__qualname__ = function.__name__
    return call


def _reading_tensors(function):
    """``np.array(t)``: torch's Tensor.__array__ gives ``t.numpy()`` (refused while t requires grad)."""
    from gradcli.engine.tensor import Tensor

    def as_arrays(value):
        if isinstance(value, Tensor):
            return value.numpy()
        if isinstance(value, (list, tuple)) and any(isinstance(v, (Tensor, list, tuple)) for v in value):
            return [as_arrays(v) for v in value]
        return value

    def call(data, *args, **kwargs):
        return function(as_arrays(data), *args, **kwargs)
    call.__name__ = call.__qualname__ = function.__name__
    return call


def _limited(function, state):
    """``function``, with `dtype=object` refused (arrays of Python objects, records with an object
    field) and a result larger than the tensor element limit reported as the limit, as a tensor's
    would be."""
    def call(*args, **kwargs):
        if kwargs.get("dtype") is not None and np.dtype(kwargs["dtype"]).hasobject:
            raise TypeError("numpy arrays of Python objects (dtype=object) are not available in gradcli scripts")
        result = function(*args, **kwargs)
        if isinstance(result, np.ndarray):
            if result.dtype.hasobject:      # (namespace.refuse_object_array's check: this module is below it)
                raise TypeError("numpy arrays of Python objects are not available in gradcli scripts")
            state.check_elements(result.size, None)
        return result
    call.__name__ = call.__qualname__ = getattr(function, "__name__", "function")
    return call
