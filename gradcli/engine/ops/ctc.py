"""CTC loss (torch.nn.functional.ctc_loss): aten's _ctc_loss, one node (CtcLossBackward0) over the
per-sequence negative log likelihoods, computed by the alpha recursion in log space (Graves et al.
2006, eqs 6-8), as torch's CPU kernel; its backward is torch's ``_ctc_loss_backward``: exp(log_probs)
minus each label's posterior at each step, the gradient with respect to the logits of a log_softmax
(torch's formula, not the partial derivative in log_probs: the two agree once a log_softmax is
differentiated through, and differ on a leaf). torch has no derivative for that backward: under
create_graph it records a NotImplemented node that raises when reached, and so does gradcli.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from .registry import KEEP, defop


def _offsets(targets, target_lengths):
    """Where each sequence's labels start in a concatenated (1-D) targets tensor."""
    return np.concatenate([[0], np.cumsum(target_lengths)[:-1]]).astype(np.int64) if targets.ndim == 1 else None


def _extended(targets, offsets, lengths, b, blank):
    """l': the labels of sequence b with a blank before, between and after them."""
    labels = targets[offsets[b]:offsets[b] + lengths[b]] if targets.ndim == 1 else targets[b, :lengths[b]]
    ext = np.full(2 * len(labels) + 1, blank, dtype=np.int64)
    ext[1::2] = labels
    skip = np.zeros(len(ext), dtype=bool)    # s may be reached from s - 2 (a label unlike the one before it)
    skip[2:] = ext[2:] != ext[:-2]
    return ext, skip


def _shift(v, k):
    """``v`` moved ``k`` places towards its end (towards its start for k < 0), -inf filling in."""
    out = np.full_like(v, -np.inf)
    if k > 0:
        out[k:] = v[:len(v) - k]
    else:
        out[:len(v) + k] = v[-k:]
    return out


def _logsumexp(*terms):
    stacked = np.stack(terms)
    top = np.max(stacked, axis=0)
    top = np.where(top == -np.inf, 0, top)     # (no -inf - -inf)
    with np.errstate(divide="ignore"):
        return np.log(np.sum(np.exp(stacked - top), axis=0)) + top


def ctc_forward(lp, targets, input_lengths, target_lengths, blank):
    """(each sequence's negative log likelihood (N,), log_alpha (N, T, 2 max(target_lengths) + 1)) for
    log_probs (T, N, C).
    log_alpha is -inf where torch's kernel leaves it unwritten (past a sequence's own lengths)."""
    steps, batch, _ = lp.shape
    width = 2 * max(target_lengths, default=0) + 1
    log_alpha = np.full((batch, steps, width), -np.inf, dtype=lp.dtype)
    nll = np.empty(batch, dtype=lp.dtype)
    offsets = _offsets(targets, target_lengths)
    for b in range(batch):
        t_len, l_len = input_lengths[b], target_lengths[b]
        if t_len == 0:
            nll[b] = 0 if l_len == 0 else np.inf
            continue
        ext, skip = _extended(targets, offsets, target_lengths, b, blank)
        n = len(ext)
        alpha = log_alpha[b]
        alpha[0, 0] = lp[0, b, blank]
        if l_len > 0:
            alpha[0, 1] = lp[0, b, ext[1]]
        for t in range(1, t_len):
            prev = alpha[t - 1, :n]
            alpha[t, :n] = _logsumexp(prev, _shift(prev, 1), np.where(skip, _shift(prev, 2), -np.inf)) + lp[t, b, ext]
        last = alpha[t_len - 1]
        nll[b] = -(last[0] if l_len == 0 else _logsumexp(last[n - 1], last[n - 2]))
    return nll, log_alpha


def ctc_grad(lp, targets, input_lengths, target_lengths, nll, log_alpha, blank, zero_infinity):
    """torch's _ctc_loss_backward for a unit gradient of every sequence's loss (the beta recursion)."""
    steps, batch, classes = lp.shape
    grad = np.zeros_like(lp)
    offsets = _offsets(targets, target_lengths)
    for b in range(batch):
        t_len, l_len = input_lengths[b], target_lengths[b]
        if t_len == 0 or (zero_infinity and nll[b] == np.inf):
            continue
        ext, skip = _extended(targets, offsets, target_lengths, b, blank)
        n = len(ext)
        skip_next = np.zeros(n, dtype=bool)     # s may go on to s + 2
        skip_next[:n - 2] = skip[2:]
        beta = np.full((t_len, n), -np.inf, dtype=lp.dtype)
        beta[t_len - 1, n - 1] = lp[t_len - 1, b, blank]
        if l_len > 0:
            beta[t_len - 1, n - 2] = lp[t_len - 1, b, ext[n - 2]]
        for t in range(t_len - 2, -1, -1):
            after = beta[t + 1]
            beta[t] = _logsumexp(after, _shift(after, -1), np.where(skip_next, _shift(after, -2), -np.inf)) + lp[t, b, ext]
        both = log_alpha[b, :t_len, :n] + beta
        per_label = np.full((t_len, classes), -np.inf, dtype=lp.dtype)
        for s in range(n):
            per_label[:, ext[s]] = _logsumexp(per_label[:, ext[s]], both[:, s])
        lpb = lp[:t_len, b]
        with np.errstate(over="ignore", invalid="ignore"):
            grad[:t_len, b] = np.exp(lpb) - np.exp(per_label + nll[b] - lpb)
    return grad


def _forward(log_probs, targets, input_lengths, target_lengths, blank, zero_infinity):
    return ctc_forward(log_probs, np.asarray(getattr(targets, "_data", targets)), input_lengths, target_lengths, blank)


def _scaled(g, unit):
    """Each sequence's gradient times its loss's incoming gradient (g: (..., N); unit: (T, N, C))."""
    return np.expand_dims(g, (-3, -1)) * unit


def _backward(m, g, log_probs, targets, input_lengths, target_lengths, result0, result1, blank, zero_infinity):
    g = g[0]
    if m.is_tensor:    # create_graph: torch records a node with no derivative
        return call(CTC_LOSS_BACKWARD, (g, log_probs), {
            "targets": targets, "input_lengths": input_lengths, "target_lengths": target_lengths,
            "result0": result0, "result1": result1, "blank": blank, "zero_infinity": zero_infinity})
    unit = ctc_grad(log_probs, np.asarray(getattr(targets, "_data", targets)), input_lengths, target_lengths,
                    result0, result1, blank, zero_infinity)
    return _scaled(g, unit)


CTC_LOSS = defop(
    "_ctc_loss", "CtcLossBackward0", ("log_probs",), _forward, _backward,
    saves=("log_probs", "targets", "input_lengths", "target_lengths", "result0", "result1", "blank", "zero_infinity"),
    outputs=2, nondiff_outputs=(1,), promote=KEEP, jvp_note="none: torch has no forward-mode rule for _ctc_loss",
    rule="exp(log_probs) - each label's posterior at each step (torch's _ctc_loss_backward)")


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::_ctc_loss_backward is not implemented")


def _backward_values(grad, log_probs, targets, input_lengths, target_lengths, result0, result1, blank, zero_infinity):
    def data(v):
        return np.asarray(getattr(v, "_data", v))
    unit = ctc_grad(log_probs, data(targets), input_lengths, target_lengths, data(result0), data(result1), blank,
                    zero_infinity)
    return _scaled(grad, unit)


# CtcLossBackward0's formula as a recorded op: torch's NotImplemented node under create_graph
CTC_LOSS_BACKWARD = defop("_ctc_loss_backward", "NotImplemented", ("grad", "log_probs"), _backward_values,
                          _no_derivative, promote=KEEP, jvp_note="none: torch has no derivative",
                          rule="raises: torch has no derivative")
CTC_LOSS_BACKWARD.on_node(name=lambda self: "torch::autograd::NotImplemented")
