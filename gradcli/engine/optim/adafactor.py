"""``torch.optim.Adafactor`` (factored second moments: a row and a column average for a matrix, a
full one for a vector) following torch's single-tensor update, and ``SparseAdam``, which takes
sparse gradients only (nn.Embedding(sparse=True)'s) and gives torch's error for dense ones."""
from __future__ import annotations

import math

import numpy as np

from .. import fused, sparse
from .optimizer import Optimizer, new_step

__all__ = ["Adafactor", "SparseAdam"]


def _norm(a: np.ndarray) -> float:
    return float(np.sqrt(np.sum(a * a, dtype=a.dtype)))


class Adafactor(Optimizer):
    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0, weight_decay=0.0, *,
                 foreach=None, maximize=False):
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 >= beta2_decay:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not 0.0 <= eps[1]:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not 1.0 <= d:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        super().__init__(params, dict(lr=lr, beta2_decay=beta2_decay, eps=eps, d=d, weight_decay=weight_decay,
                                      foreach=foreach, maximize=maximize))

    def _update(self, p, data, grad, group, state) -> None:
        if np.iscomplexobj(data):
            raise RuntimeError("Adafactor does not support complex parameters")
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            if grad.ndim > 1:
                state["row_var"] = np.zeros(grad.shape[:-1] + (1,), grad.dtype)
                state["col_var"] = np.zeros(grad.shape[:-2] + (1,) + grad.shape[-1:], grad.dtype)
            else:
                state["variance"] = np.zeros_like(grad)
        lr, eps1, eps2 = float(group["lr"]), group["eps"][0], group["eps"][1]
        if eps1 is None:
            eps1 = float(np.finfo(data.dtype).eps)
        state["step"] += 1
        step = float(state["step"])
        one_minus_beta2_t = step ** group["beta2_decay"]
        rho_t = min(lr, 1 / step ** 0.5)
        alpha = max(eps2, _norm(data) / data.size ** 0.5) * rho_t
        if group["weight_decay"] != 0:
            data *= one(1 - lr * group["weight_decay"])
        if grad.ndim > 1:
            row_var, col_var = state["row_var"], state["col_var"]
            row_mean = np.sqrt(np.sum(grad * grad, axis=-1, keepdims=True, dtype=grad.dtype))
            row_mean = row_mean * row_mean / one(grad.shape[-1])
            fused.lerp_(row_var, row_mean, one_minus_beta2_t)
            col_mean = np.sqrt(np.sum(grad * grad, axis=-2, keepdims=True, dtype=grad.dtype))
            col_mean = col_mean * col_mean / one(grad.shape[-2])
            fused.lerp_(col_var, col_mean, one_minus_beta2_t)
            var_estimate = row_var @ col_var
            var_estimate /= np.maximum(row_var.mean(axis=-2, keepdims=True, dtype=row_var.dtype), one(eps1))
        else:
            fused.lerp_(state["variance"], grad * grad, one_minus_beta2_t)
            var_estimate = state["variance"].copy()
        update = one(1) / np.sqrt(np.maximum(var_estimate, one(eps1 * eps1)))
        update *= grad
        denom = max(1.0, _norm(update) / (update.size ** 0.5 * group["d"]))
        step_size = np.float64(one(-alpha / denom))
        data[...] = (data.astype(np.float64) + step_size * update.astype(np.float64)).astype(data.dtype)


class SparseAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False):
        if not 0.0 < lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, maximize=maximize))
        complex_params = [[i, j] for i, group in enumerate(self.param_groups)
                          for j, p in enumerate(group["params"]) if p.is_complex()]
        if complex_params:
            raise ValueError(f"Complex params at indices {complex_params}: SparseAdam does not support complex "
                             "parameters")

    def _update(self, p, data, grad, group, state) -> None:
        raise RuntimeError("SparseAdam does not support dense gradients, please consider Adam instead")

    def _sparse_update(self, p, data, grad, group, arrays) -> None:
        """torch's sparse_adam: the moments and the parameter move at the coalesced gradient's rows only."""
        state = arrays.setdefault(p, {})
        if not state:
            state.update(step=0, exp_avg=np.zeros_like(data), exp_avg_sq=np.zeros_like(data))
        state["step"] += 1
        grad = sparse.coalesce(sparse.scaled(grad, -1) if group["maximize"] else grad)
        rows, values = grad.indices[0], grad.values
        if values.size == 0:
            return
        one, (beta1, beta2), step = data.dtype.type, group["betas"], state["step"]
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        old_avg = exp_avg[rows]
        avg_update = (values - old_avg) * one(1 - beta1)
        exp_avg[rows] += avg_update
        old_sq = exp_avg_sq[rows]
        sq_update = (values * values - old_sq) * one(1 - beta2)
        exp_avg_sq[rows] += sq_update
        numer = avg_update + old_avg
        denom = np.sqrt(sq_update + old_sq) + one(group["eps"])
        step_size = group["lr"] * math.sqrt(1 - beta2 ** step) / (1 - beta1 ** step)
        data[rows] += one(-step_size) * (numer / denom)

