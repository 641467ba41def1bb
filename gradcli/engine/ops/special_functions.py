"""torch.special's differentiable pointwise functions: i0 (also torch.i0), i0e, i1, i1e, ndtri, log_ndtr,
erfcx, entr, xlog1py, zeta, gammainc/gammaincc (torch.igamma/igammac) and torch.logit's own record.

Node names, saved values and derivatives are torch's (derivatives.yaml); the kernels are in
special_kernels.py. torch has no derivative of zeta in its first argument nor of the incomplete
gamma in ``a``: those gradients raise torch's NotImplementedError when backward reaches them.
"""
from __future__ import annotations

import math

import numpy as np

from .. import dtypes
from ..dispatch import call, call_fast, call_inplace
from ..memory_layout import iterator_layout
from ..public import export, public
from ..tensor import Tensor
from . import dtype_rules, rounded, special_kernels as K
from .gamma import LGAMMA, lgamma_np, _float_dtype
from .registry import FLOAT, API, defop
from .samples import Sample, arr, pos, unary, unit

_SQRT_2PI = math.sqrt(2 * math.pi)
_TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)


def _typed(kernel):
    """A float64 kernel run in the input's floating dtype (integers become the default float: float32)."""
    def forward(*arrays):
        dt = np.result_type(*(_float_dtype(np.asarray(a)) for a in arrays))
        with np.errstate(all="ignore"):
            return kernel(*arrays).astype(dt)
    forward.__name__ = kernel.__name__ + "_np"
    return forward


def _unary_record(name, node, kernel, backward, saves, samples, rule, api=None, real=None):
    return defop(name, node, ("self",), _typed(kernel), backward, saves=saves, promote=FLOAT,
                 jvp=lambda m, t, *saved: backward(m, t[0], *saved), samples=samples, rule=rule, api=api, real=real)


def _on(op, kernel):
    """The same function in either vocabulary: a recorded call on tensors, the kernel on arrays."""
    def apply(m, x):
        return call_fast(op, x) if m.is_tensor else _typed(kernel)(x)
    return apply


def _eps(x) -> float:
    return float(np.finfo(getattr(x, "_data", x).dtype).eps)


def _i1_grad(m, g, self, result):
    """torch's i1_backward: (i0(x) - i1(x)/x), 1/2 where |x| <= eps (the formula is 0/0 there)."""
    eps = _eps(self)
    usable = m.abs(self) > eps          # (NaN too gets torch's 1/2)
    safe = m.where(usable, self, eps)
    return g * m.where(usable, _i0(m, safe) - result / safe, 0.5)


def _i1e_grad(m, g, self, result):
    eps = _eps(self)
    usable = m.abs(self) > eps
    safe = m.where(usable, self, eps)
    return g * m.where(usable, _i0e(m, safe) - result * (m.sign(safe) + 1 / safe), 0.5)


I0 = _unary_record("i0", "I0Backward0", K.i0, lambda m, g, self: g * _i1(m, self), ("self",), unary(),
                   "i1(self)", api=API(inplace=True, namespaces=("torch", "torch.special")),
                   real=dtype_rules.complex_kernel("i0_vml_cpu"))
I0E = _unary_record("special_i0e", "SpecialI0EBackward0", K.i0e,
                    lambda m, g, self, result: g * (_i1e(m, self) - m.sign(self) * result), ("self", "result"),
                    unary(), "i1e(self) - sgn(self) * i0e(self)", real=dtype_rules.complex_kernel("i0e_cpu"))
I1 = _unary_record("special_i1", "SpecialI1Backward0", K.i1, _i1_grad, ("self", "result"),
                   unary(lambda *s, seed=0: arr(*s, seed=seed, away_from=0.0)), "i0(self) - i1(self)/self; 1/2 at 0",
                   real=dtype_rules.complex_kernel("i1_cpu"))
I1E = _unary_record("special_i1e", "SpecialI1EBackward0", K.i1e, _i1e_grad, ("self", "result"),
                    unary(lambda *s, seed=0: arr(*s, seed=seed, away_from=0.0)),
                    "i0e(self) - i1e(self) (sgn(self) + 1/self); 1/2 at 0", real=dtype_rules.complex_kernel("i1e_cpu"))
_i0, _i0e, _i1, _i1e = _on(I0, K.i0), _on(I0E, K.i0e), _on(I1, K.i1), _on(I1E, K.i1e)

NDTRI = _unary_record("special_ndtri", "SpecialNdtriBackward0", K.ndtri,
                      lambda m, g, result: g * _SQRT_2PI * m.exp(result * result / 2), ("result",),
                      unary(lambda *s, seed=0: arr(*s, low=0.05, high=0.95, seed=seed)), "sqrt(2 pi) exp(result^2 / 2)",
                      real=dtype_rules.complex_kernel("ndtri_cpu"))
LOG_NDTR = _unary_record("special_log_ndtr", "SpecialLogNdtrBackward0", K.log_ndtr,
                         lambda m, g, self, result: g / _SQRT_2PI * m.exp(-(result + self * self / 2)),
                         ("self", "result"), unary(lambda *s, seed=0: arr(*s, low=-4, high=3, seed=seed)),
                         "exp(-self^2/2) / (sqrt(2 pi) ndtr(self))", real=dtype_rules.complex_kernel("log_ndtr_cpu"))
ERFCX = _unary_record("special_erfcx", "SpecialErfcxBackward0", K.erfcx,
                      lambda m, g, self, result: (2.0 * self * result - _TWO_OVER_SQRT_PI) * g, ("self", "result"),
                      unary(), "2 self erfcx(self) - 2/sqrt(pi)", real=dtype_rules.complex_kernel("erfcx_cpu"))


def _entr(x):
    """torch's scalar loop: -x * log(x) in x's float dtype (integers as float64), 0 at 0, -inf below."""
    x = np.asarray(x)
    if x.dtype.kind != "f":
        x = K.f64(x)
    with np.errstate(all="ignore"):
        out = np.where(x > 0, -x * rounded.loop_log(np.where(x > 0, x, x.dtype.type(1))),
                       np.where(x == 0, 0.0, -np.inf).astype(x.dtype))
    return np.where(np.isnan(x), x, out)


ENTR = _unary_record("special_entr", "SpecialEntrBackward0", _entr, lambda m, g, self: g * -(1 + m.log(self)),
                     ("self",), unary(pos), "-(1 + log(self))", real=dtype_rules.complex_kernel("entr_cpu"))


def _logit_fwd(x, eps):
    if eps is not None:
        x = np.clip(x, eps, 1 - eps)
    with np.errstate(all="ignore"):
        return rounded.log(x / (1 - x))


def _logit_grad(m, g, self, eps):
    """torch: g / (x (1 - x)) inside [eps, 1 - eps] (0 outside), or inside [0, 1] (NaN outside) without eps."""
    lo, hi, outside = (0.0, 1.0, math.nan) if eps is None else (eps, 1 - eps, 0.0)
    return m.where((self >= lo) & (self <= hi), g / (self * m.lsub(1, self)), outside)


LOGIT = defop("logit", "LogitBackward0", ("self",), _logit_fwd, _logit_grad, saves=("self", "eps"), promote=FLOAT,
              jvp=lambda m, t, self, eps: _logit_grad(m, t[0], self, eps),
              samples=lambda: [Sample(arr(5, low=0.1, high=0.9, seed=1), params={"eps": None}),
                               Sample(arr(3, 4, low=0.1, high=0.9, seed=2), params={"eps": 0.05})],
              rule="1/(self (1 - self)); 0 outside [eps, 1 - eps] (NaN outside [0, 1] without eps)",
              real=dtype_rules.complex_kernel("logit_cpu"))


def _xlog1py_np(x, y):
    """x * log1p(y), 0 where x == 0 (unless y is NaN), as torch."""
    x, y = np.asarray(x), np.asarray(y)
    with np.errstate(all="ignore"):
        out = x * rounded.loop_log1p(y)
    return np.where((x == 0) & ~np.isnan(y), np.zeros_like(out), out)


def _xlog1py_d_self(m, g, self, other):
    """torch: xlog1py(grad, other), 0 where self == 0 and other <= -1."""
    if not isinstance(other, (int, float)) and getattr(other, "_data", other).dtype.kind in "biu":
        other = m.cast(other, g)        # (numpy's log1p of a bool array is float16)
    inner = m.where((g == 0) & (other == other), 0.0, g * m.log1p(other)) if not isinstance(other, (int, float)) \
        else g * (math.log1p(other) if other > -1 else -math.inf if other == -1 else math.nan)
    return m.where((self == 0) & (other <= -1), 0.0, inner)


def _sum(a, b):
    return b if a is None else a if b is None else a + b


XLOG1PY = defop("special_xlog1py", "SpecialXlog1PyBackward0", ("self", "other"), _xlog1py_np,
                lambda m, g, self, other, needs: (_xlog1py_d_self(m, g, self, other) if needs[0] else None,
                                                  g * self / (other + 1) if needs[1] else None),
                saves=("self", "other"), promote=FLOAT, masked=True,
                jvp=lambda m, t, self, other: _sum(None if t[0] is None else _xlog1py_d_self(m, t[0], self, other),
                                                   None if t[1] is None else t[1] * self / (other + 1)),
                samples=lambda: [Sample(arr(3, 4, seed=1), pos(3, 4, seed=2)),
                                 Sample(arr(3, 1, seed=3), pos(4, seed=4), note="broadcast")],
                rule="d/dself = log1p(other), d/dother = self/(1 + other)",
                real=dtype_rules.complex_kernel("xlog1py_cpu"))
XLOG1PY_SCALAR_OTHER = defop("special_xlog1py.other_scalar", "SpecialXlog1PyBackward2", ("self",),
                             lambda x, other: _xlog1py_np(x, np.asarray(other, dtype=x.dtype)),
                             lambda m, g, self, other: _xlog1py_d_self(m, g, self, other),
                             saves=("self", "other"), promote=FLOAT,
                             jvp=lambda m, t, self, other: _xlog1py_d_self(m, t[0], self, other),
                             samples=lambda: [Sample(arr(3, 4), params={"other": 2.5})],
                             rule="d/dself = log1p(other) (other is a number)",
                             real=dtype_rules.complex_kernel("xlog1py_cpu"))
XLOG1PY_SCALAR_SELF = defop("special_xlog1py.self_scalar", "SpecialXlog1PyBackward1", ("other",),
                            lambda y, self: _xlog1py_np(np.asarray(self, dtype=y.dtype), y),
                            lambda m, g, other, self: g * self / (other + 1),
                            saves=("other", "self"), promote=FLOAT,
                            jvp=lambda m, t, other, self: t[0] * self / (other + 1),
                            samples=lambda: [Sample(pos(3, 4), params={"self": 1.5})],
                            rule="d/dother = self/(1 + other) (self is a number)",
                            real=dtype_rules.complex_kernel("xlog1py_cpu"))


def _not_implemented(what):
    def backward(*args, **kwargs):
        raise NotImplementedError(f"the derivative for '{what}' is not implemented.")
    return backward


def _zeta(m, x, q):
    if m.is_tensor:
        if isinstance(x, Tensor):
            return call(ZETA, (x, q))
        return call(ZETA_SCALAR_SELF, (q,), {"self": x})
    return _typed(K.zeta)(x, q)


def _zeta_d_other(m, g, self, other):
    return g * -self * _zeta(m, self + 1.0, other)


def _zeta_backward(m, g, self, other, needs):
    if needs[0]:
        _not_implemented("zeta")()
    return None, _zeta_d_other(m, g, self, other) if needs[1] else None


_ZETA_SAMPLES = lambda: [Sample(arr(3, 4, low=1.5, high=4.0, seed=1), pos(3, 4, seed=2), grad=(1,)),
                         Sample(arr(3, 1, low=1.5, high=4.0, seed=3), pos(4, seed=4), grad=(1,), note="broadcast")]
ZETA = defop("special_zeta", "SpecialZetaBackward0", ("self", "other"), _typed(K.zeta), _zeta_backward,
             saves=("self", "other"), promote=FLOAT, masked=True,
             jvp=lambda m, t, self, other: (_not_implemented("zeta")() if t[0] is not None
                                            else _zeta_d_other(m, t[1], self, other)),
             samples=_ZETA_SAMPLES, rule="d/dother = -self zeta(self + 1, other); none in self (torch has none)",
             real=dtype_rules.complex_kernel("zeta_cpu"))
ZETA_SCALAR_SELF = defop("special_zeta.self_scalar", "SpecialZetaBackward1", ("other",),
                         lambda q, self: _typed(K.zeta)(np.asarray(self, q.dtype), q),
                         lambda m, g, other, self: _zeta_d_other(m, g, self, other), saves=("other", "self"),
                         promote=FLOAT, jvp=lambda m, t, other, self: _zeta_d_other(m, t[0], self, other),
                         samples=lambda: [Sample(pos(3, 4), params={"self": 2.5})],
                         rule="d/dother = -self zeta(self + 1, other) (self is a number)",
                         real=dtype_rules.complex_kernel("zeta_cpu"))
ZETA_SCALAR_OTHER = defop("special_zeta.other_scalar", "SpecialZetaBackward2", ("self",),
                          lambda x, other: _typed(K.zeta)(x, np.asarray(other, x.dtype)), _not_implemented("zeta"),
                          promote=FLOAT, jvp=_not_implemented("zeta"),
                          rule="raises: torch has no derivative in self", real=dtype_rules.complex_kernel("zeta_cpu"))


def _igamma_np(a, x):
    return K.igamma_pair(a, x, lgamma_np)[0]


def _igammac_np(a, x):
    return K.igamma_pair(a, x, lgamma_np)[1]


def _igamma_density(m, self, other):
    """d/dx P(a, x) = x^(a-1) exp(-x) / Gamma(a), as torch writes it."""
    log_other = m.log(other)
    return m.exp((self - 1) * log_other - other - (call_fast(LGAMMA, self) if m.is_tensor else lgamma_np(self)))


def _igamma_backward(what, sign):
    def backward(m, g, self, other, needs):
        if needs[0]:
            _not_implemented(what)()
        return None, sign * g * _igamma_density(m, self, other) if needs[1] else None
    return backward


def _igamma_jvp(what, sign):
    def jvp(m, t, self, other):
        if t[0] is not None:
            _not_implemented(what)()
        return sign * t[1] * _igamma_density(m, self, other)
    return jvp


_IGAMMA_SAMPLES = lambda: [Sample(pos(3, 4, seed=1), pos(3, 4, seed=2), grad=(1,)),
                           Sample(pos(3, 1, seed=3) * 3, pos(4, seed=4) * 2, grad=(1,), note="broadcast")]
IGAMMA = defop("igamma", "IgammaBackward0", ("self", "other"), _typed(_igamma_np),
               _igamma_backward("igamma: input", 1), saves=("self", "other"), promote=FLOAT, masked=True,
               jvp=_igamma_jvp("igamma: input", 1), samples=_IGAMMA_SAMPLES,
               rule="d/dother = other^(self-1) exp(-other) / Gamma(self); none in self (torch has none)",
               real=dtype_rules.complex_kernel("igamma_cpu"))
IGAMMAC = defop("igammac", "IgammacBackward0", ("self", "other"), _typed(_igammac_np),
                _igamma_backward("igammac: input", -1), saves=("self", "other"), promote=FLOAT, masked=True,
                jvp=_igamma_jvp("igammac: input", -1), samples=_IGAMMA_SAMPLES,
                rule="d/dother = -other^(self-1) exp(-other) / Gamma(self); none in self (torch has none)",
                real=dtype_rules.complex_kernel("igammac_cpu"))


def _tensor_arg(fn, value, name, position):
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be Tensor, "
                        f"not {type(value).__name__}")
    return value


def _unary_public(op, name):
    def fn(input):
        return call_fast(op, _tensor_arg(name, input, "input", 1))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.special.{name}: {op.rule} is its derivative."
    export(fn, name, namespaces=("torch.special",))
    return fn


i0e = _unary_public(I0E, "i0e")
i1 = _unary_public(I1, "i1")
i1e = _unary_public(I1E, "i1e")
ndtri = _unary_public(NDTRI, "ndtri")
log_ndtr = _unary_public(LOG_NDTR, "log_ndtr")
erfcx = _unary_public(ERFCX, "erfcx")
entr = _unary_public(ENTR, "entr")


def _number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def xlog1py(input, other):
    """torch.special.xlog1py: input * log1p(other), 0 where input is 0; a number on either side."""
    if _number(input):
        return call(XLOG1PY_SCALAR_SELF, (_tensor_arg("special_xlog1py", other, "other", 2),), {"self": input})
    if _number(other):
        return call(XLOG1PY_SCALAR_OTHER, (_tensor_arg("special_xlog1py", input, "input", 1),), {"other": other})
    return call(XLOG1PY, (input, other))


def zeta(input, other):
    """torch.special.zeta: the Hurwitz zeta function sum_k (k + other)^-input; a number on either side."""
    if _number(input):
        return call(ZETA_SCALAR_SELF, (_tensor_arg("special_zeta", other, "other", 2),), {"self": input})
    if _number(other):
        return call(ZETA_SCALAR_OTHER, (_tensor_arg("special_zeta", input, "input", 1),), {"other": other})
    return call(ZETA, (input, other))


export(xlog1py, "xlog1py", namespaces=("torch.special",))
export(zeta, "zeta", namespaces=("torch.special",))


def _igamma_public(op, name, special_name):
    def fn(input, other):
        return call(op, _floating(name, _tensor_arg(name, input, "input", 1), _tensor_arg(name, other, "other", 2)))

    def method(self, other):
        return call(op, _floating(name, self, _tensor_arg(name, other, "other", 1)))

    def inplace(self, other):
        return call_inplace(op, self, _floating(name, self, _tensor_arg(name + "_", other, "other", 1)))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.{name}: the regularized {'lower' if name == 'igamma' else 'upper'} incomplete gamma function."
    export(fn, name, method=method)
    export(fn, special_name, namespaces=("torch.special",))
    export(inplace, name + "_", namespaces=(), method=True)
    return fn


def _floating(name, a, b) -> tuple:
    """torch's igamma kernels take floats only: two integer (or bool) tensors are refused in the dtype
    they promote to, not computed in the default float."""
    kinds = [(x.dtype, x.ndim) for x in (a, b)]
    common = dtypes.result_type([d for d, n in kinds if n], [d for d, n in kinds if not n], [])
    if not common.is_floating_point:
        raise dtype_rules.not_implemented(f"{name}_cpu", common.np)
    return a, b


igamma = _igamma_public(IGAMMA, "igamma", "gammainc")
igammac = _igamma_public(IGAMMAC, "igammac", "gammaincc")


def logit(input, eps=None):
    """torch.logit: log(p / (1 - p)), input clamped to [eps, 1 - eps] first when eps is given."""
    return call(LOGIT, (_tensor_arg("logit", input, "input", 1),), {"eps": None if eps is None else float(eps)})


@public(method=True)
def logit_(self, eps=None):
    return call_inplace(LOGIT, self, (self,), {"eps": None if eps is None else float(eps)})

# elementwise ops of two tensors: the result laid out as torch's TensorIterator lays it out (memory_layout)
for _op in (XLOG1PY, ZETA, IGAMMA, IGAMMAC):
    _op.forward = iterator_layout(_op.forward)
