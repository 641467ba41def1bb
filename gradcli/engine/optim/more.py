"""``torch.optim``: Adadelta, NAdam, RAdam, Adamax, Rprop and ASGD, each following torch's
single-tensor (CPU) update in its operation order and float32 scalar state (``mu_product``,
``eta``, ``mu`` are 0-d float32 arrays, as torch's scalar tensors)."""
from __future__ import annotations

import math

import numpy as np

from .. import fused
from .optimizer import Optimizer, new_step

__all__ = ["ASGD", "Adadelta", "Adamax", "NAdam", "RAdam", "Rprop"]


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _check_betas(betas) -> None:
    _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
    _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")


def _scalar(value) -> np.ndarray:
    return np.array(value, dtype=np.float32)


class Adadelta(Optimizer):
    _capturable_refusal = ("If capturable=True, params and state_steps must be on supported devices: "
                           "['cuda', 'xpu', 'hpu', 'privateuseone'].")

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= rho <= 1.0, f"Invalid rho value: {rho}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      capturable=capturable, foreach=foreach, differentiable=differentiable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            state["square_avg"] = np.zeros_like(data)
            state["acc_delta"] = np.zeros_like(data)
        state["step"] += 1
        if group["weight_decay"] != 0:
            grad = fused.fma(data, group["weight_decay"], grad)
        rho, eps = group["rho"], one(group["eps"])
        square_avg, acc_delta = state["square_avg"], state["acc_delta"]
        square_avg *= one(rho)
        fused.addcmul_(square_avg, grad, grad, 1 - rho)
        std = np.sqrt(square_avg + eps)
        delta = np.sqrt(acc_delta + eps)
        delta /= std
        delta *= grad
        acc_delta *= one(rho)
        fused.addcmul_(acc_delta, delta, delta, 1 - rho)
        fused.add_(data, delta, -group["lr"])


class NAdam(Optimizer):
    _capturable_refusal = ("If capturable=True, params, mu_products and state_steps must be on supported devices: "
                           "['cuda', 'xpu', 'hpu', 'privateuseone', 'xla'].")

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check_betas(betas)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        _check(0.0 <= momentum_decay, f"Invalid momentum_decay value: {momentum_decay}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      momentum_decay=momentum_decay, decoupled_weight_decay=decoupled_weight_decay,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            state["mu_product"] = _scalar(1.0)
            state["exp_avg"] = np.zeros_like(data)
            state["exp_avg_sq"] = np.zeros_like(data)
        state["step"] += 1
        step = float(state["step"])
        lr, wd, beta1, beta2 = group["lr"], group["weight_decay"], *group["betas"]
        bias_correction2 = 1 - beta2 ** step
        if wd != 0:
            if group["decoupled_weight_decay"]:
                data *= one(1 - lr * wd)
            else:
                grad = fused.fma(data, wd, grad)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * group["momentum_decay"])))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * group["momentum_decay"])))
        mu_product = state["mu_product"]
        mu_product *= np.float32(mu)
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        fused.lerp_(exp_avg, grad, 1 - beta1)
        exp_avg_sq *= one(beta2)
        fused.addcmul_(exp_avg_sq, grad, grad, 1 - beta2)
        denom = np.sqrt(exp_avg_sq / one(bias_correction2))
        denom += one(group["eps"])
        mu_product_next = float(mu_product) * mu_next
        data += (one(-lr * (1.0 - mu) / (1.0 - float(mu_product))) * grad) / denom
        data += (one((-lr * mu_next) / (1.0 - mu_product_next)) * exp_avg) / denom


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, decoupled_weight_decay=False,
                 *, foreach=None, maximize=False, capturable=False, differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check_betas(betas)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      foreach=foreach, capturable=capturable,
                                      decoupled_weight_decay=decoupled_weight_decay, differentiable=differentiable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            state["exp_avg"] = np.zeros_like(data)
            state["exp_avg_sq"] = np.zeros_like(data)
        state["step"] += 1
        step = float(state["step"])
        lr, wd, beta1, beta2 = group["lr"], group["weight_decay"], *group["betas"]
        if wd != 0:
            if group["decoupled_weight_decay"]:
                data *= one(1 - lr * wd)
            else:
                grad = fused.fma(data, wd, grad)
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        fused.lerp_(exp_avg, grad, 1 - beta1)
        exp_avg_sq *= one(beta2)
        fused.addcmul_(exp_avg_sq, grad, grad, 1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        update = (exp_avg / one(bias_correction1)) * one(lr)
        rho_inf = 2 / (1 - beta2) - 1                       # the approximated SMA's maximum length
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.0:                                     # variance is tractable: rectify
            # torch's number / tensor is reciprocal(tensor) * number (Tensor.__rtruediv__): its rounding
            adaptive_lr = np.reciprocal(np.sqrt(exp_avg_sq) + one(group["eps"])) * one(bias_correction2 ** 0.5)
            rect = ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            update = (update * adaptive_lr) * one(rect)
        data -= update


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check_betas(betas)
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable, capturable=capturable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            state["exp_avg"] = np.zeros_like(data)
            state["exp_inf"] = np.zeros_like(data)
        state["step"] += 1
        beta1, beta2 = group["betas"]
        if group["weight_decay"] != 0:
            grad = fused.fma(data, group["weight_decay"], grad)
        exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
        fused.lerp_(exp_avg, grad, 1 - beta1)
        exp_inf *= one(beta2)
        np.maximum(exp_inf, np.abs(grad) + one(group["eps"]), out=exp_inf)
        clr = group["lr"] / (1 - beta1 ** float(state["step"]))
        data += (one(-clr) * exp_avg) / exp_inf


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 < etas[0] < 1.0 < etas[1], f"Invalid eta values: {etas[0]}, {etas[1]}")
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
                                      differentiable=differentiable, capturable=capturable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            state["prev"] = np.zeros_like(data)
            state["step_size"] = np.full_like(data, group["lr"])
        state["step"] += 1
        etaminus, etaplus = (one(e) for e in group["etas"])
        step_size_min, step_size_max = group["step_sizes"]
        sign = np.sign(grad * state["prev"])
        factor = np.where(sign > 0, etaplus, np.where(sign < 0, etaminus, one(1)))
        step_size = state["step_size"]
        step_size *= factor
        np.clip(step_size, one(step_size_min), one(step_size_max), out=step_size)
        grad = np.where(factor == etaminus, one(0), grad)   # a sign change: no move, and forget the gradient
        data -= np.sign(grad) * step_size
        state["prev"][...] = grad


class ASGD(Optimizer):
    _capturable_refusal = ("If capturable=True, params, mus, etas, and state_steps must be on supported devices: "
                           "['cuda', 'xpu', 'hpu', 'privateuseone', 'xla'].")

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay,
                                      foreach=foreach, maximize=maximize, differentiable=differentiable,
                                      capturable=capturable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state["step"] = new_step()
            state["eta"] = _scalar(group["lr"])
            state["mu"] = _scalar(1.0)
            state["ax"] = np.zeros_like(data)
        state["step"] += 1
        lr, lambd = group["lr"], group["lambd"]
        if group["weight_decay"] != 0:
            grad = fused.fma(data, group["weight_decay"], grad)
        eta = float(state["eta"])
        data *= one(1 - lambd * eta)                        # decay term
        fused.add_(data, grad, -eta)
        ax, mu = state["ax"], state["mu"]
        if float(mu) != 1:
            ax += (data - ax) * one(mu)
        else:
            ax[...] = data
        step = float(state["step"])
        state["eta"][...] = lr / ((1 + lambd * lr * step) ** group["alpha"])
        state["mu"][...] = 1 / max(1, step - group["t0"])
