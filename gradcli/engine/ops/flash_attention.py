"""``F.scaled_dot_product_attention`` on 4-D inputs without dropout: torch's CPU flash-attention
kernel, one node (ScaledDotProductFlashAttentionForCpuBackward0) over query, key and value that
saves the output and each row's logsumexp.

The forward is the kernel's arithmetic for one block: ``s = q @ k^T * scale + mask``, ``e =
exp(s - rowmax)``, ``out = (e @ v) * (1 / rowsum)`` and ``logsumexp = rowmax + log(rowsum)``; a row
with every position masked gives zeros and a logsumexp of 0. The backward is torch's: the
attention rebuilt from the logsumexp, ``dv = p^T g``, ``ds = p * (g v^T - rowsum(g * out))``, ``dq
= ds k * scale``, ``dk = ds^T q * scale``. torch has no derivative of that backward (under
create_graph it records a NotImplemented node that raises when reached) and no forward-mode rule;
gradcli does the same. Under vmap, and in batched backward passes, the formula runs in the formula
vocabulary instead (torch's batched fallback gives the same values).
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from .. import errors, instrumentation
from ..dispatch import call
from .registry import KEEP, defop


def flash_attention_applies(query, key, value, attn_mask, dropout_p) -> bool:
    """torch's use_flash_attention_cpp: 4-D query, key and value of one batch size and head count,
    one head size, non-empty sequences (as many keys as values), unit stride along the head dim, no dropout, and a mask (if
    any) that needs no grad and is (L or 1, S or 1), optionally behind (N or 1, H or 1); a mask of
    fewer dims fails torch's size(-2) there."""
    if dropout_p > 0.0 or query.ndim != 4 or key.ndim != 4 or value.ndim != 4:
        return False
    n, h, length, e = query.shape
    if key.shape[:2] != (n, h) or value.shape[:2] != (n, h) or key.shape[-1] != e or value.shape[-1] != e:
        return False
    if key.shape[-2] != value.shape[-2]:     # (torch's kernel reads past the values; its math path refuses)
        return False
    if length == 0 or key.shape[-2] == 0 or any(t.stride(-1) != 1 for t in (query, key, value)):
        return False
    if attn_mask is None:
        return True
    if attn_mask.requires_grad:
        return False
    if attn_mask.ndim < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-max(attn_mask.ndim, 1)}, "
                         f"{max(attn_mask.ndim, 1) - 1}], but got -2)")
    if attn_mask.shape[-2] not in (length, 1) or attn_mask.shape[-1] not in (key.shape[-2], 1):
        return False
    return attn_mask.ndim == 2 or attn_mask.ndim == 4 and attn_mask.shape[0] in (1, n) and attn_mask.shape[1] in (1, h)


def _factor(query, scale) -> float:
    return 1.0 / math.sqrt(query.shape[-1]) if scale is None else float(scale)


def _bias(attn_mask, is_causal: bool, rows: int, cols: int, dtype):
    """What is added to the scaled scores: the float mask, and -inf above the diagonal (is_causal;
    the kernel applies both, where torch's math path refuses a mask with is_causal)."""
    bias = None if attn_mask is None else np.asarray(getattr(attn_mask, "_data", attn_mask))
    if is_causal:
        causal = np.where(np.tril(np.ones((rows, cols), dtype=bool)), 0, -np.inf).astype(dtype)
        bias = causal if bias is None else bias + causal
    return bias


def _forward(query, key, value, dropout_p, is_causal, attn_mask, scale):
    """(output, logsumexp); float16 is computed in float32 (the kernel's accumulation type)."""
    dtype = query.dtype
    if dtype == np.float16:
        query, key, value = query.astype(np.float32), key.astype(np.float32), value.astype(np.float32)
    s = np.matmul(query, np.swapaxes(key, -1, -2)) * query.dtype.type(_factor(query, scale))
    bias = _bias(attn_mask, is_causal, query.shape[-2], key.shape[-2], query.dtype)
    if bias is not None:
        s = s + bias
    top = s.max(-1, keepdims=True)
    empty = top == -np.inf                 # every position masked: no exp(-inf - -inf)
    top = np.where(empty, 0, top).astype(s.dtype)
    e = np.where(empty, 0, np.exp(s - top)).astype(s.dtype)
    total = e.sum(-1, keepdims=True)
    total = np.where(total == 0, 1, total).astype(s.dtype)
    if dtype == np.float16:     # the kernel multiplies v by the exponentials rounded to the input dtype
        e = e.astype(np.float16).astype(np.float32)
    out = np.matmul(e, value) * (1 / total)
    return out.astype(dtype, copy=False), (top + np.log(total))[..., 0].astype(np.float32 if dtype == np.float16 else dtype)


def _grads(m, g, query, key, value, output, logsumexp, is_causal, attn_mask, scale):
    factor = _factor(query, scale)
    s = m.scale(m.matmul(query, m.mT(key)), factor)
    bias = _bias(attn_mask, is_causal, query.shape[-2], key.shape[-2], np.asarray(getattr(s, "_data", s)).dtype)
    if bias is not None:
        s = s + m.const(bias)
    p = m.exp(s - m.unsqueeze(logsumexp, -1))
    ds = p * (m.matmul(g, m.mT(value)) - m.sum(g * output, (-1,), keepdim=True))
    return m.scale(m.matmul(ds, key), factor), m.scale(m.matmul(m.mT(ds), query), factor), m.matmul(m.mT(p), g)


def _backward(m, g, query, key, value, output, logsumexp, dropout_p, is_causal, attn_mask, scale):
    g = g[0]
    if m.is_tensor and not m.nb and instrumentation.batching is None:
        return call(FLASH_ATTENTION_BACKWARD, (g, query, key, value, output, logsumexp),
                    {"is_causal": is_causal, "attn_mask": attn_mask, "scale": scale})
    return _grads(m, g, query, key, value, output, logsumexp, is_causal, attn_mask, scale)


def _no_forward_mode(m, t, *saved):
    raise NotImplementedError(
        "Trying to use forward AD with _scaled_dot_product_flash_attention_for_cpu that does not support it "
        "because it has not been implemented yet.\nPlease file an issue to PyTorch at "
        "https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that we can prioritize "
        "its implementation or submit a PR adding the implementation to derivatives.yaml")


FLASH_ATTENTION = defop(
    "_scaled_dot_product_flash_attention_for_cpu", "ScaledDotProductFlashAttentionForCpuBackward0",
    ("query", "key", "value"), _forward, _backward,
    saves=("query", "key", "value", "output", "logsumexp", "dropout_p", "is_causal", "attn_mask", "scale"),
    result_names=("output", "logsumexp"), outputs=2, nondiff_outputs=(1,), promote=KEEP,
    jvp=_no_forward_mode, jvp_note="raises: torch has no forward-mode rule",
    rule="p = exp(q k^T scale + mask - logsumexp); dq = ds k scale, dk = ds^T q scale, dv = p^T g, "
         "ds = p (g v^T - rowsum(g out))")


_NP = SimpleNamespace(is_tensor=False, matmul=np.matmul, mT=lambda x: np.swapaxes(x, -1, -2), const=lambda a: a,
                      exp=np.exp, unsqueeze=np.expand_dims, scale=lambda x, c: x * x.dtype.type(c),
                      sum=lambda x, dims, keepdim: x.sum(dims, keepdims=keepdim))    # numpy's formulas


def _backward_values(grad_out, query, key, value, out, logsumexp, is_causal, attn_mask, scale):
    return _grads(_NP, grad_out, query, key, value, out, logsumexp, is_causal, attn_mask, scale)


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::_scaled_dot_product_flash_attention_for_cpu_backward is not "
                               "implemented")


# the backward as a recorded op: torch's NotImplemented node under create_graph
FLASH_ATTENTION_BACKWARD = defop(
    "_scaled_dot_product_flash_attention_for_cpu_backward", "NotImplemented",
    ("grad_out", "query", "key", "value", "out", "logsumexp"), _backward_values, _no_derivative, outputs=3,
    promote=KEEP, jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")
FLASH_ATTENTION_BACKWARD.on_node(name=lambda self: "torch::autograd::NotImplemented")
