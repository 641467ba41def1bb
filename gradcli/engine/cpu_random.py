"""torch's CPU random numbers, bit for bit.

A script that says ``torch.manual_seed(0); torch.randn(3)`` expects torch's numbers, so gradcli draws
from the generator torch's CPU kernels draw from: MT19937 seeded from the low 32 bits of the seed,
32-bit draws for floats (24-bit mantissas) and pairs of them for doubles (53 bits), Box-Muller in
blocks of 16 for tensors of 16 or more elements (float32 with the polynomial log/sincos and fused
multiply-adds of torch's AVX2 kernel, float64 with the C library's functions), Box-Muller on doubles
with one cached value below 16, Fisher-Yates for randperm, inverse transforms for the rest. Each
rule here was checked against torch 2.13's output (tests/engine/test_cpu_random_parity.py).
"""
from __future__ import annotations

import math

import numpy as np

from .fused import fma64, fma_wide

DEFAULT_SEED = 67280421310721     # torch's default CPU generator seed (``torch.initial_seed()``)
_N = 624
_F32 = np.float32
_TWO_PI_F32 = _F32(2.0 * math.pi)


def _mt_key(seed: int) -> np.ndarray:
    """MT19937's initial state from a 32-bit seed (the reference ``init_genrand``, as torch's)."""
    key = [seed & 0xFFFFFFFF]
    for i in range(1, _N):
        prev = key[-1]
        key.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return np.array(key, dtype=np.uint32)


class CPUStream:
    """One generator's stream: the MT19937 words and the cached second Box-Muller double."""

    def __init__(self, seed: int = DEFAULT_SEED):
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self.next_normal = None          # torch's next_double_normal_sample
        self._bits = None                # made on first draw (numpy.random costs start-up time)

    def _words(self):
        if self._bits is None:
            bits = np.random.MT19937(0)
            bits.state = {"bit_generator": "MT19937", "state": {"key": _mt_key(self.seed), "pos": _N}}
            self._bits = bits
        return self._bits

    # -- state, as torch's 5056-byte CPUGeneratorImplState ---------------------------------------------

    def get_state(self) -> bytes:
        state = self._words().state["state"]
        pos = int(state["pos"])
        head = np.zeros(3, dtype=np.uint64)
        head[0] = self.seed
        head[1] = (_N + 1 - pos) | (1 << 32)          # left, seeded
        head[2] = pos % _N                              # next
        cached = 0.0 if self.next_normal is None else self.next_normal
        tail = np.array([0.0, cached, 0.0], dtype=np.float64)    # normal_x, normal_y, normal_rho
        flags = np.array([0 if self.next_normal is None else 1, 0, 0, 0], dtype=np.int32)
        return (head.tobytes() + state["key"].astype(np.uint64).tobytes() + tail.tobytes() + flags.tobytes())

    def set_state(self, raw: bytes) -> None:
        head = np.frombuffer(raw[:24], dtype=np.uint64)
        key = np.frombuffer(raw[24:24 + 8 * _N], dtype=np.uint64).astype(np.uint32)
        tail = np.frombuffer(raw[24 + 8 * _N:48 + 8 * _N], dtype=np.float64)
        flags = np.frombuffer(raw[48 + 8 * _N:64 + 8 * _N], dtype=np.int32)
        self.reseed(int(head[0]))
        left = int(head[1]) & 0xFFFFFFFF
        self._words().state = {"bit_generator": "MT19937", "state": {"key": key, "pos": _N + 1 - left}}
        self.next_normal = float(tail[1]) if flags[0] else None

    # -- raw words -----------------------------------------------------------------------------------

    def bits32(self, n: int) -> np.ndarray:
        return self._words().random_raw(n)

    def bits64(self, n: int) -> np.ndarray:
        words = self._words().random_raw(2 * n)
        return (words[0::2] << np.uint64(32)) | words[1::2]

    # -- uniform -------------------------------------------------------------------------------------

    def unit(self, n: int, dtype) -> np.ndarray:
        """``n`` draws of ``uniform_real_distribution(0, 1)`` in ``dtype``'s precision."""
        if np.dtype(dtype) == np.float64:
            return (self.bits64(n) & np.uint64((1 << 53) - 1)).astype(np.float64) * (1.0 / (1 << 53))
        # float16 draws float32's 24 bits too (torch computes half's uniform in float, then rounds)
        return (self.bits32(n) & np.uint64((1 << 24) - 1)).astype(_F32) * _F32(1.0 / (1 << 24))

    def uniform(self, shape: tuple, dtype, low: float = 0.0, high: float = 1.0) -> np.ndarray:
        """``x * (high - low) + low`` on ``unit`` draws, fused as torch's compiler fuses it."""
        dtype = np.dtype(dtype)
        if dtype.kind == "c":   # torch draws the real view: each part uniform on [low, high)
            return _as_complex(self.uniform(tuple(shape) + (2,), _PART[dtype], low, high))
        x = self.unit(_count(shape), dtype)
        if dtype == np.float64:
            return _fma_array(x, float(high) - float(low), float(low)).reshape(shape)
        lo, hi = _F32(dtype.type(low)), _F32(dtype.type(high))
        return fma_wide(x, hi - lo, lo).astype(dtype).reshape(shape)

    # -- normal --------------------------------------------------------------------------------------

    def normal(self, shape: tuple, dtype, mean: float = 0.0, std: float = 1.0, serial: bool = False) -> np.ndarray:
        """torch's normal_: normal_fill on a contiguous tensor of 16 elements or more, else (``serial``:
        a tensor that is not contiguous) one normal_distribution<double> draw per element."""
        dtype = np.dtype(dtype)
        if dtype.kind == "c":   # torch draws the real view, each part with half the variance
            return _as_complex(self.normal(tuple(shape) + (2,), _PART[dtype], mean, std / math.sqrt(2), serial))
        n = _count(shape)
        if n < 16 or serial:
            return np.array([self.normal_double(mean, std) for _ in range(n)]).astype(dtype).reshape(shape)
        if dtype == np.float32:
            return self._fill(n, _F32, lambda block: _box_muller_avx2(block, mean, std)).reshape(shape)
        acc = np.float64 if dtype == np.float64 else _F32
        return self._fill(n, acc, lambda block: _box_muller_libm(block, mean, std)).astype(dtype).reshape(shape)

    def _fill(self, n: int, acc, transform) -> np.ndarray:
        """torch's normal_fill: n uniforms, Box-Muller on every whole block of 16, and when n is not a
        multiple of 16 sixteen fresh uniforms that overwrite the last 16 values."""
        data = self.unit(n, acc)
        whole = n - n % 16
        data[:whole] = transform(data[:whole].reshape(-1, 16)).reshape(-1)
        if n % 16:
            data[n - 16:] = transform(self.unit(16, acc).reshape(1, 16)).reshape(-1)
        return data

    def normal_double(self, mean: float = 0.0, std: float = 1.0) -> float:
        """``normal_distribution<double>``: Box-Muller on two doubles, the sine half kept for the next call."""
        if self.next_normal is not None:
            value, self.next_normal = self.next_normal, None
        else:
            u1, u2 = self.unit(2, np.float64)
            radius = math.sqrt(-2.0 * math.log1p(-float(u2)))
            theta = 2.0 * math.pi * float(u1)
            self.next_normal = radius * math.sin(theta)
            value = radius * math.cos(theta)
        return _fma(value, std, mean)

    # -- integers ------------------------------------------------------------------------------------

    def integers(self, low: int, high: int, shape: tuple) -> np.ndarray:
        """``random_(low, high)``: a 32-bit word (two for ranges of 2**32 or more) modulo the range."""
        span = high - low
        n = _count(shape)
        words = self.bits64(n) if span >= 1 << 32 else self.bits32(n)
        return ((words % np.uint64(span)).astype(np.int64) + low).reshape(shape)

    def full_range(self, shape: tuple, dtype) -> np.ndarray:
        """``random_()`` without bounds: [0, 2**mantissa] for floats, [0, max] for integers."""
        dtype = np.dtype(dtype)
        n = _count(shape)
        if dtype == np.bool_:
            return (self.bits32(n) & np.uint64(1)).astype(bool).reshape(shape)
        wide = dtype in (np.dtype(np.int64), np.dtype(np.float64))
        words = self.bits64(n) if wide else self.bits32(n)
        if dtype.kind == "f":
            modulus = (1 << np.finfo(dtype).nmant + 1) + 1
        else:
            modulus = int(np.iinfo(dtype).max) + 1
        return (words % np.uint64(modulus)).astype(dtype).reshape(shape)

    def permutation(self, n: int) -> np.ndarray:
        """``randperm``: forward Fisher-Yates, swapping i with i + word % (n - i)."""
        order = list(range(n))
        if n > 1:
            picks = (self.bits32(n - 1) % np.arange(n, 1, -1, dtype=np.uint64)).tolist()
            for i, k in enumerate(picks):
                j = i + k
                order[i], order[j] = order[j], order[i]
        return np.array(order, dtype=np.int64)

    # -- other distributions (doubles, cast to the tensor's dtype) --------------------------------------

    def bernoulli(self, probs, shape: tuple) -> np.ndarray:
        """A draw below ``p`` is 1: float32 and float16 probabilities compare with 24-bit floats, others
        (and a Python float p, as in dropout) with doubles."""
        p = np.asarray(probs)
        acc = _F32 if p.dtype in (np.float32, np.float16) else np.float64
        return self.unit(_count(shape), acc).reshape(shape) < p

    def exponential(self, shape: tuple, lambd: float) -> np.ndarray:
        u = self.unit(_count(shape), np.float64)
        return np.fromiter((-1.0 / lambd * math.log1p(-v) for v in u.tolist()), np.float64, u.size).reshape(shape)

    def geometric(self, shape: tuple, p: float) -> np.ndarray:
        u = self.unit(_count(shape), np.float64)
        denominator = math.log(1.0 - p)
        return np.fromiter((math.ceil(math.log(v) / denominator) if v > 0 else math.inf for v in u.tolist()),
                           np.float64, u.size).reshape(shape)

    def log_normal(self, shape: tuple, mean: float, std: float) -> np.ndarray:
        n = _count(shape)
        return np.array([math.exp(self.normal_double(mean, std)) for _ in range(n)]).reshape(shape)

    def cauchy(self, shape: tuple, median: float, sigma: float) -> np.ndarray:
        u = self.unit(_count(shape), np.float64)
        return np.fromiter((median + sigma * math.tan(math.pi * (v - 0.5)) for v in u.tolist()), np.float64,
                           u.size).reshape(shape)

    def multinomial_row(self, probs: np.ndarray, num_samples: int, replacement: bool) -> np.ndarray:
        """One row of ``torch.multinomial``: with replacement, doubles searched in the normalized running
        sum (last bucket forced to 1); without (or one sample), the top ``num_samples`` of p / Exp(1)."""
        if replacement and num_samples > 1:
            acc = probs.dtype if probs.dtype.kind == "f" else np.float64
            cumulative = np.cumsum(probs, dtype=acc)
            cumulative = (cumulative / cumulative[-1]).astype(acc)
            cumulative[-1] = 1
            draws = self.unit(num_samples, np.float64)
            return np.searchsorted(cumulative.astype(np.float64), draws, side="left").astype(np.int64)
        waits = self.exponential(probs.shape, 1.0).astype(probs.dtype)
        keys = probs / waits
        return np.argsort(-keys, kind="stable")[:num_samples].astype(np.int64)


def _count(shape) -> int:
    return int(np.prod(shape, dtype=np.int64)) if len(shape) else 1


def _fma(a: float, b: float, c: float) -> float:
    """a * b + c with one rounding (torch's compiler fuses it); exact when b is 1 and c is 0."""
    if b == 1.0 and c == 0.0:
        return a
    return _fma_array(np.array([a]), b, c)[0]


def _fma_array(a: np.ndarray, b: float, c: float) -> np.ndarray:
    """Fused a * b + c on doubles (``fused.fma64``); exact when b is 1 and c is 0."""
    return a if b == 1.0 and c == 0.0 else fma64(a, b, c)


def _box_muller_libm(blocks: np.ndarray, mean: float, std: float) -> np.ndarray:
    """torch's scalar normal_fill_16 on doubles (rows of 16: radius from the first 8, angle from the last 8)."""
    u1 = (1.0 - blocks[:, :8]).ravel().tolist()
    u2 = blocks[:, 8:].ravel().tolist()
    radius = [math.sqrt(-2.0 * math.log(v)) for v in u1]
    theta = [2.0 * math.pi * v for v in u2]
    cos = np.array([r * math.cos(t) for r, t in zip(radius, theta)]).reshape(-1, 8)
    sin = np.array([r * math.sin(t) for r, t in zip(radius, theta)]).reshape(-1, 8)
    return np.concatenate([_fma_array(cos, std, mean), _fma_array(sin, std, mean)], axis=1)


def _box_muller_avx2(blocks: np.ndarray, mean: float, std: float) -> np.ndarray:
    """torch's normal_fill_16_AVX2 on float32: the polynomial log and sincos of avx_mathfun, with the
    multiply-adds the compiler fuses, then ``fmadd(n, std, mean)``."""
    u1 = _F32(1) - blocks[:, :8]
    radius = np.sqrt(_F32(-2) * _log_ps(u1))
    sin, cos = _sincos_ps(_TWO_PI_F32 * blocks[:, 8:])
    first, second = radius * cos, radius * sin
    if std != 1.0 or mean != 0.0:
        first, second = fma_wide(first, _F32(std), _F32(mean)), fma_wide(second, _F32(std), _F32(mean))
    return np.concatenate([first, second], axis=1)


_LOG_POLY = (-1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1, -1.6668057665E-1,
             2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1)


def _log_ps(x: np.ndarray) -> np.ndarray:
    """avx_mathfun's log256_ps (Cephes logf) for x in (0, 1]."""
    x = np.maximum(x, _F32(1.17549435e-38))
    bits = x.view(np.int32)
    exponent = ((bits >> 23) - 0x7F).astype(_F32) + _F32(1)
    x = ((bits & ~0x7F800000) | 0x3F000000).view(_F32)
    small = x < _F32(0.707106781186547524)
    exponent = exponent - small.astype(_F32)
    x = (x - _F32(1)) + np.where(small, x, _F32(0))
    z = x * x
    y = np.full_like(x, _F32(7.0376836292E-2))
    for coefficient in _LOG_POLY:
        y = fma_wide(y, x, _F32(coefficient))
    y = y * x
    y = fma_wide(y, z, exponent * _F32(-2.12194440e-4))
    y = y - z * _F32(0.5)
    return fma_wide(exponent, _F32(0.693359375), x + y)


def _sincos_ps(x: np.ndarray):
    """avx_mathfun's sincos256_ps (Cephes sinf/cosf with octant reduction) for x >= 0."""
    octant = (x * _F32(1.27323954473516)).astype(np.int32)
    octant = (octant + 1) & ~1
    y = octant.astype(_F32)
    sin_negative = (octant & 4) != 0
    use_sin_poly = (octant & 2) == 0
    cos_negative = (~(octant - 2) & 4) != 0
    x = fma_wide(y, _F32(-0.78515625), x)
    x = fma_wide(y, _F32(-2.4187564849853515625e-4), x)
    x = fma_wide(y, _F32(-3.77489497744594108e-8), x)
    z = x * x
    cos_poly = fma_wide(np.full_like(x, _F32(2.443315711809948E-005)), z, _F32(-1.388731625493765E-003))
    cos_poly = fma_wide(cos_poly, z, _F32(4.166664568298827E-002)) * z
    cos_poly = fma_wide(cos_poly, z, -(z * _F32(0.5))) + _F32(1)
    sin_poly = fma_wide(np.full_like(x, _F32(-1.9515295891E-4)), z, _F32(8.3321608736E-3))
    sin_poly = fma_wide(sin_poly, z, _F32(-1.6666654611E-1)) * z
    sin_poly = fma_wide(sin_poly, x, x)
    sin = np.where(use_sin_poly, sin_poly, cos_poly)
    cos = np.where(use_sin_poly, cos_poly, sin_poly)
    return np.where(sin_negative, -sin, sin), np.where(cos_negative, -cos, cos)


_PART = {np.dtype(np.complex64): np.dtype(np.float32), np.dtype(np.complex128): np.dtype(np.float64)}


def _as_complex(parts: np.ndarray) -> np.ndarray:
    """(..., 2) real and imaginary parts as one complex array."""
    return np.ascontiguousarray(parts).view(np.result_type(parts.dtype, np.complex64))[..., 0]
