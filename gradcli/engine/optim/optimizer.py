"""``torch.optim``: SGD, Adam/AdamW, RMSprop, Adagrad with torch's update formulas, parameter groups
and state.

Updates run on the parameters' arrays in place (no graph), in the order and precision torch's
single-tensor ("foreach=False") implementations use, and bump each parameter's version as an
in-place op does.
"""
from __future__ import annotations

import collections
import math
import warnings

import numpy as np

from .. import dtypes, fused, sparse
from ..autograd.grad_mode import enable_grad
from ..hooks import RemovableHandle
from ..tensor import Tensor, make, storage

__all__ = ["Adagrad", "Adam", "AdamW", "Optimizer", "RMSprop", "SGD"]


def new_step() -> np.ndarray:
    """A parameter's step count as torch keeps it: a 0-d float32 tensor (float64 under a float64
    default dtype) counted up in place, so that ``state[p]["step"]`` read earlier sees later steps."""
    return np.zeros((), np.float64 if dtypes.get_default_dtype() is dtypes.float64 else np.float32)


class Optimizer:
    """Parameter groups (each a dict with ``params`` and its hyperparameters) and per-parameter state."""

    script_dunders = ("__init__",)      # what a script's ``class MySGD(torch.optim.Optimizer)`` may define
    _script_written = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = vars(cls).get("step")
        if own is not None:
            # a step a script writes runs inside the hooks and tells a scheduler it ran, as torch's
            # patched step does (a super().step() inside it reaches the engine's own update)
            cls.step = lambda self, *args, **kwargs: self._hooked(own, args, kwargs)
            if cls._update is Optimizer._update:      # its own update: ``self.state`` is torch's defaultdict(dict)
                cls._script_written = True
                cls.state = property(_own_state)

    def __init__(self, params, defaults: dict):
        self.defaults = dict(defaults)
        self._arrays: dict = {}   # per parameter: the update's raw arrays and its step count
        # torch's four hook tables: step pre/post, state_dict pre/post, load_state_dict pre/post
        self._hooks = {name: {} for name in ("step_pre", "step_post", "state_dict_pre", "state_dict_post",
                                             "load_state_dict_pre", "load_state_dict_post")}
        self.param_groups: list = []
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, but "
                            f"got {params.type()}")
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group: dict) -> None:
        """Completes and keeps the caller's dict itself, as torch's (``groups[0]["lr"] = ...`` later reaches it)."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        group = param_group
        params = group["params"]
        if isinstance(params, (set, frozenset)):
            raise TypeError("optimizer parameters need to be organized in ordered collections, but the ordering of "
                            "tensors in sets will change between runs. Please use a list instead.")
        group["params"] = [params] if isinstance(params, Tensor) else list(params)
        names = [p[0] for p in group["params"] if isinstance(p, tuple)]     # model.named_parameters()
        group["params"] = [p[1] if isinstance(p, tuple) else p for p in group["params"]]
        if names:
            if len(names) != len(group["params"]):
                raise ValueError("all optimizer params should be with/without names. Some param names are missing")
            group["param_names"] = names
        for p in group["params"]:
            if not isinstance(p, Tensor):
                raise TypeError(f"optimizer can only optimize Tensors, but one of the params is {type(p).__name__}")
            if not (p.is_leaf or p.retains_grad or self.defaults.get("differentiable")):
                raise ValueError("can't optimize a non-leaf Tensor")
        for key, value in self.defaults.items():
            group.setdefault(key, value)
        if len({id(p) for p in group["params"]}) != len(group["params"]):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in future, this will cause "
                          "an error; see github.com/pytorch/pytorch/issues/40967 for more information", UserWarning,
                          stacklevel=3)
        for other in self.param_groups:
            if ("param_names" in group) != ("param_names" in other):
                raise ValueError("all optimizer param groups should be with/without names. cannot add param group "
                                 f"{'with' if names else 'without'} names to the optimizer")
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if any(id(p) in seen for p in group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(group)

    def zero_grad(self, set_to_none: bool = True) -> None:
        for group in self.param_groups:
            for p in group["params"]:
                if p._grad is None:    # parameters are leaves: .grad is ._grad, without a warning to give
                    continue
                if set_to_none:
                    p._grad = None
                else:
                    p._grad.detach_().zero_()

    def step(self, *args, **kwargs):
        hooks = self._hooks
        if hooks["step_pre"] or hooks["step_post"] or "_step_tracked" in self.__dict__:
            return self._hooked(type(self)._step, args, kwargs)
        return self._step(*args, **kwargs)     # (nothing watches this step: the update alone)

    def _hooked(self, step, args, kwargs):
        """Pre-hooks see ``(optimizer, args, kwargs)`` with ``args`` starting with the optimizer, as
        torch's, and may return new ``(args, kwargs)``; post-hooks run after the update."""
        if getattr(self, "_step_tracked", False):
            self._opt_called = True     # a scheduler's first step() checks it, as torch's
        args = (self, *args)
        for hook in list(self._hooks["step_pre"].values()):
            result = hook(self, args, kwargs)
            if result is not None:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RuntimeError(f"{self._step_name} must return None or a tuple of (new_args, new_kwargs), "
                                       f"but got {result}.")
                args, kwargs = result
        out = step(*args, **kwargs)
        for hook in list(self._hooks["step_post"].values()):
            hook(self, args, kwargs)
        return out

    @property
    def _step_name(self) -> str:
        return f"<function {type(self).__name__}.step at 0x0>"

    def register_step_pre_hook(self, hook) -> RemovableHandle:
        return self._register("step_pre", hook)

    def register_step_post_hook(self, hook) -> RemovableHandle:
        return self._register("step_post", hook)

    def register_state_dict_pre_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        return self._register("state_dict_pre", hook, prepend)

    def register_state_dict_post_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        return self._register("state_dict_post", hook, prepend)

    def register_load_state_dict_pre_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        return self._register("load_state_dict_pre", hook, prepend)

    def register_load_state_dict_post_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        return self._register("load_state_dict_post", hook, prepend)

    def _register(self, kind: str, hook, prepend: bool = False) -> RemovableHandle:
        table = self._hooks[kind]
        handle = RemovableHandle(table)
        if prepend:
            entries = dict(table)
            table.clear()
            table[handle.id] = hook
            table.update(entries)
        else:
            table[handle.id] = hook
        return handle

    def _step(self, closure=None):
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        for group in self.param_groups:
            self._step_group(group)
        return loss

    # torch's CPU refusal of capturable=True (a CUDA-graph option), at the first step with a gradient
    _capturable_refusal = ("If capturable=True, params and state_steps must be on supported devices: "
                           "['cuda', 'xpu', 'hpu', 'privateuseone', 'xla'].")

    def _step_group(self, group: dict) -> None:
        arrays = self._arrays
        for p in group["params"]:
            grad = p._grad   # parameters are leaves: no non-leaf warning to give
            if grad is not None:
                if group.get("capturable"):
                    raise AssertionError(self._capturable_refusal)
                if grad._data.__class__ is sparse.CooArray:
                    self._sparse_update(p, storage(p), grad._data, group, arrays)
                    if p._vc is not None:
                        p._vc[0] += 1
                    continue
                state = arrays.get(p)
                if state is None:
                    state = arrays[p] = {}
                g = storage(grad)
                # every optimizer's first step: maximize ascends (the user's .grad is left as it is)
                self._update(p, storage(p), -g if group.get("maximize") else g, group, state)
                if p._vc is not None:
                    p._vc[0] += 1

    def _sparse_update(self, p, data, grad, group, arrays) -> None:
        """A step on a sparse gradient (nn.Embedding(sparse=True)): SGD, Adagrad and SparseAdam take
        one, the others give torch's error."""
        raise RuntimeError(f"{type(self).__name__} does not support sparse gradients")

    @property
    def state(self) -> dict:
        """torch's ``optimizer.state`` (a defaultdict(dict)): per parameter, its buffers as tensors sharing
        the live arrays (a later step changes them, as torch's) and ``step`` as a float32 scalar tensor."""
        return collections.defaultdict(dict, {p: {k: self._export(k, v) for k, v in s.items()}
                                              for p, s in self._arrays.items()})

    def state_dict(self) -> dict:
        for hook in list(self._hooks["state_dict_pre"].values()):
            hook(self)
        ids = {}
        for group in self.param_groups:
            for p in group["params"]:
                ids.setdefault(id(p), len(ids))
        state = {ids[id(p)]: dict(s) for p, s in self.state.items() if id(p) in ids}
        groups = [{**{k: v for k, v in g.items() if k != "params"}, "params": [ids[id(p)] for p in g["params"]]}
                  for g in self.param_groups]
        state_dict = {"state": state, "param_groups": groups}
        for hook in list(self._hooks["state_dict_post"].values()):
            result = hook(self, state_dict)
            if result is not None:
                state_dict = result
        return state_dict

    def load_state_dict(self, state_dict: dict) -> None:
        """torch's rules: the saved groups' hyperparameters replace the current ones group by group
        (the parameters stay), and each saved state is copied onto the parameter at its index."""
        state_dict = dict(state_dict)
        for hook in list(self._hooks["load_state_dict_pre"].values()):
            result = hook(self, state_dict)
            if result is not None:
                state_dict = result
        saved_groups = state_dict["param_groups"]
        if len(saved_groups) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(s["params"]) != len(g["params"]) for s, g in zip(saved_groups, self.param_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size "
                             "of optimizer's group")
        by_index = {}
        for saved, group in zip(saved_groups, self.param_groups):
            by_index.update(zip(saved["params"], group["params"]))
        arrays = collections.defaultdict(dict) if self._script_written else {}
        load = _own_state_value if self._script_written else self._import
        for index, values in state_dict["state"].items():
            p = by_index.get(index)
            if p is not None:
                arrays[p] = {k: load(k, v, p) for k, v in values.items()}
        if self._script_written:
            self.__dict__["_own_state"] = arrays
        else:
            self._arrays = arrays
        self.param_groups = [_loaded_group(saved, group) for saved, group in zip(saved_groups, self.param_groups)]
        for hook in list(self._hooks["load_state_dict_post"].values()):
            hook(self)

    def __repr__(self) -> str:
        lines = [type(self).__name__ + " ("]
        for i, group in enumerate(self.param_groups):
            if i:
                lines.append("")          # torch's blank line between groups
            lines.append(f"Parameter Group {i}")
            for key in sorted(k for k in group if k != "params"):
                lines.append(f"    {key}: {group[key]}")
        return "\n".join(lines) + "\n)"

    def _update(self, p, data, grad, group, state) -> None:
        raise NotImplementedError

    @staticmethod
    def _export(key: str, value):
        """One state entry as torch shows it: arrays as tensors sharing them (``state_dict()``
        copies nothing in torch either: a later step changes what it returned)."""
        return make(value) if isinstance(value, np.ndarray) else value

    @staticmethod
    def _import(key: str, value, p: Tensor):
        """A loaded state entry back as the update's raw value."""
        return _state_array(key, value, p)


def _loaded_group(saved: dict, group: dict) -> dict:
    """A saved group's hyperparameters with the current group's parameters (and their names, unless saved)."""
    loaded = {**{k: v for k, v in saved.items() if k != "params"}, "params": group["params"]}
    if "param_names" in group:
        loaded.setdefault("param_names", group["param_names"])
    return loaded


def _own_state(optimizer) -> collections.defaultdict:
    state = optimizer.__dict__.get("_own_state")
    if state is None:
        state = optimizer.__dict__["_own_state"] = collections.defaultdict(dict)
    return state


def _own_state_value(key: str, value, p: Tensor):
    """torch's loading policy for a script optimizer's state: floating tensors take the parameter's
    dtype (the same tensor when it has it already), ``step`` stays as it is."""
    if key != "step" and isinstance(value, Tensor) and value.is_floating_point():
        return value.to(p.dtype)
    return value


def _state_array(key: str, value, p: Tensor):
    """torch's loading policy: the loaded tensors themselves (shared with the state_dict and whoever
    else holds them) unless the parameter's dtype differs; ``step`` as it is."""
    if key == "step":
        if isinstance(value, Tensor):
            return storage(value)
        step = new_step()
        step[...] = value
        return step
    if isinstance(value, Tensor):
        # torch keeps its scalar state (NAdam's mu_product, ASGD's eta and mu) float32 whatever p's dtype
        dtype = np.float32 if key in _FLOAT32_SCALARS else storage(p).dtype
        return np.asarray(storage(value), dtype=dtype)
    return value


_FLOAT32_SCALARS = frozenset(("mu_product", "eta", "mu"))


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                                      nesterov=nesterov, maximize=maximize, foreach=foreach,
                                      differentiable=differentiable, fused=fused))

    def _step_group(self, group: dict) -> None:
        """A group without momentum, weight decay or maximize is ``p -= lr * p.grad`` and nothing
        else: torch keeps no state for its parameters (``state_dict()["state"]`` stays empty)."""
        if group["momentum"] != 0 or group["weight_decay"] != 0 or group.get("maximize"):
            super()._step_group(group)
            return
        alpha = -group["lr"]
        add_ = fused.add_
        for p in group["params"]:
            grad = p._grad
            if grad is not None:
                data = p._data
                if data.__class__ is not np.ndarray:
                    data = storage(p)
                if grad._data.__class__ is sparse.CooArray:
                    sparse.add_into(data, grad._data, alpha=alpha)
                else:
                    add_(data, grad._data, alpha)
                vc = p._vc
                if vc is not None:
                    vc[0] += 1

    def _sparse_update(self, p, data, grad, group, arrays) -> None:
        """torch's SGD on a sparse gradient: the momentum buffer is sparse too (its entries pile up
        until they are coalesced), weight decay is refused as torch's add(sparse, dense)."""
        if group["weight_decay"] != 0:
            raise RuntimeError("add(sparse, dense) is not supported. Use add(dense, sparse) instead.")
        if group.get("maximize"):
            grad = sparse.scaled(grad, -1)
        momentum = group["momentum"]
        if momentum != 0:
            state = arrays.setdefault(p, {})
            buf = state.get("momentum_buffer")
            buf = grad if buf is None else sparse.add(sparse.scaled(buf, momentum), grad, 1 - group["dampening"])
            state["momentum_buffer"] = buf
            grad = sparse.add(grad, buf, momentum) if group["nesterov"] else buf
        sparse.add_into(data, grad, alpha=-group["lr"])

    def _update(self, p, data, d_p, group, state) -> None:
        wd, momentum = group["weight_decay"], group["momentum"]
        if wd != 0:
            d_p = fused.fma(data, wd, d_p)
        if momentum != 0:
            buf = state.get("momentum_buffer")
            if buf is None:
                buf = state["momentum_buffer"] = np.array(d_p, copy=True)
            else:
                buf *= momentum
                fused.add_(buf, d_p, 1 - group["dampening"])
            d_p = fused.fma(buf, momentum, d_p) if group["nesterov"] else buf
        fused.add_(data, d_p, -group["lr"])


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if eps < 0.0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay,
                                      amsgrad=amsgrad, maximize=maximize, foreach=foreach,
                                      capturable=capturable, differentiable=differentiable, fused=fused,
                                      decoupled_weight_decay=decoupled_weight_decay))

    def _update(self, p, data, grad, group, state) -> None:
        lr, wd, eps = group["lr"], group["weight_decay"], group["eps"]
        beta1, beta2 = group["betas"]
        if not state:
            state["step"] = new_step()
            state["exp_avg"] = np.zeros_like(data)
            state["exp_avg_sq"] = np.zeros_like(data)
            if group["amsgrad"]:
                state["max_exp_avg_sq"] = np.zeros_like(data)
        state["step"] += 1
        step = float(state["step"])
        if wd != 0:
            if group["decoupled_weight_decay"]:
                data *= data.dtype.type(1 - lr * wd)
            else:
                grad = fused.fma(data, wd, grad)
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        fused.lerp_(exp_avg, grad, 1 - beta1)
        exp_avg_sq *= beta2
        fused.addcmul_(exp_avg_sq, grad, grad, 1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2_sqrt = math.sqrt(1 - beta2 ** step)
        step_size = lr / bias_correction1
        if group["amsgrad"]:
            np.maximum(state["max_exp_avg_sq"], exp_avg_sq, out=state["max_exp_avg_sq"])
            denom = np.sqrt(state["max_exp_avg_sq"]) / data.dtype.type(bias_correction2_sqrt) + data.dtype.type(eps)
        else:
            denom = np.sqrt(exp_avg_sq) / data.dtype.type(bias_correction2_sqrt) + data.dtype.type(eps)
        data += (data.dtype.type(-step_size) * exp_avg) / denom   # addcdiv_: value * t1 / t2, in that order


    def _sparse_update(self, p, data, grad, group, arrays) -> None:
        raise RuntimeError("Adam does not support sparse gradients, please consider SparseAdam instead")


class AdamW(Adam):
    """Adam with decoupled weight decay (default 1e-2), as torch's AdamW."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if eps < 0.0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if alpha < 0.0:
            raise ValueError(f"Invalid alpha value: {alpha}")
        super().__init__(params, dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                                      weight_decay=weight_decay, capturable=capturable, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable))

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if group["weight_decay"] != 0:
            grad = fused.fma(data, group["weight_decay"], grad)
        if not state:
            state["step"] = new_step()
            state["square_avg"] = np.zeros_like(data)
            if group["momentum"] > 0:
                state["momentum_buffer"] = np.zeros_like(data)
            if group["centered"]:
                state["grad_avg"] = np.zeros_like(data)
        state["step"] += 1
        alpha = group["alpha"]
        square_avg = state["square_avg"]
        square_avg *= one(alpha)
        fused.addcmul_(square_avg, grad, grad, 1 - alpha)
        if group["centered"]:
            grad_avg = fused.lerp_(state["grad_avg"], grad, 1 - alpha)
            avg = np.sqrt(fused.fma(-grad_avg, grad_avg, square_avg))
        else:
            avg = np.sqrt(square_avg)
        avg = avg + one(group["eps"])
        if group["momentum"] > 0:
            buf = state["momentum_buffer"]
            buf *= one(group["momentum"])
            buf += grad / avg
            fused.add_(data, buf, -group["lr"])
        else:
            data += (one(-group["lr"]) * grad) / avg


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if lr_decay < 0.0:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if initial_accumulator_value < 0.0:
            raise ValueError(f"Invalid initial_accumulator_value value: {initial_accumulator_value}")
        if eps < 0.0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value,
                                      foreach=foreach, maximize=maximize, differentiable=differentiable,
                                      fused=fused))
        # torch's Adagrad fills its state when built, so state_dict() shows it before any step
        for group in self.param_groups:
            for p in group["params"]:
                self._arrays[p] = self._initial_state(storage(p))

    def _initial_state(self, data) -> dict:
        """step 0 and the sums at the constructor's initial_accumulator_value: torch reads its defaults,
        also for a group added later (a group's own value is kept but not used)."""
        value = self.defaults["initial_accumulator_value"]
        return {"step": new_step(), "sum": np.full_like(data, complex(value, value) if np.iscomplexobj(data) else value)}

    def _sparse_update(self, p, data, grad, group, arrays) -> None:
        """torch's sparse Adagrad: the step counts, then the coalesced rows alone move."""
        state = arrays.setdefault(p, {})
        if not state:
            state.update(self._initial_state(data))
        state["step"] += 1
        if group["weight_decay"] != 0:
            raise RuntimeError("weight_decay option is not compatible with sparse gradients")
        grad = sparse.coalesce(sparse.scaled(grad, -1) if group.get("maximize") else grad)
        one, rows, values = data.dtype.type, grad.indices[0], grad.values
        clr = group["lr"] / (1 + (float(state["step"]) - 1) * group["lr_decay"])
        state["sum"][rows] += values * values
        std = np.sqrt(state["sum"][rows]) + one(group["eps"])
        sparse.add_into(data, None, grad.indices, values / std, alpha=-clr)

    def _update(self, p, data, grad, group, state) -> None:
        one = data.dtype.type
        if not state:
            state.update(self._initial_state(data))
        state["step"] += 1
        if group["weight_decay"] != 0:
            grad = fused.fma(data, group["weight_decay"], grad)
        clr = group["lr"] / (1 + (float(state["step"]) - 1) * group["lr_decay"])
        fused.addcmul_(state["sum"], grad, grad, 1)
        std = np.sqrt(state["sum"]) + one(group["eps"])
        data += (one(-clr) * grad) / std
