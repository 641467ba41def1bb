"""``functional_call`` and ``stack_module_state``: a module run with parameters given as a dict,
the way torch.func differentiates with respect to a model's weights."""
from __future__ import annotations

import contextlib

from .. import errors
from ..functions import stack
from ..tensor import Tensor

__all__ = ["functional_call", "stack_module_state"]


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights: bool = True,
                    strict: bool = False):
    """Call ``module(*args, **kwargs)`` with the named parameters and buffers replaced by the given
    tensors (dotted names, as ``named_parameters`` gives them); the module is unchanged afterwards."""
    dicts = parameter_and_buffer_dicts
    if isinstance(dicts, (list, tuple)):
        merged, repeated = {}, []
        for d in dicts:
            for key in d:
                if key in merged and key not in repeated:
                    repeated.append(key)
            merged.update(d)
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of functional call is ambiguous")
        dicts = merged
    args = () if args is None else (args if isinstance(args, tuple) else (args,))
    kwargs = kwargs or {}
    known = {name for name, _ in module.named_parameters()} | {name for name, _ in module.named_buffers()}
    if strict:
        unexpected, missing = sorted(set(dicts) - known), sorted(known - set(dicts))
        messages = ([f"Unexpected key(s): {', '.join(map(repr, unexpected))}."] if unexpected else []) + \
            ([f"Missing key(s): {', '.join(map(repr, missing))}."] if missing else [])
        if messages:
            raise errors.AutogradError(f"Error(s) in reparametrizing for {type(module).__name__}:\n\t"
                                       + "\n\t".join(messages))
    with _swapped(module, {k: v for k, v in dicts.items() if k in known}):
        return module(*args, **kwargs)


@contextlib.contextmanager
def _swapped(module, replacements: dict):
    saved = []
    try:
        for name, value in replacements.items():
            owner, attr = _owner(module, name)
            table = owner._parameters if attr in owner._parameters else owner._buffers
            saved.append((table, attr, table[attr]))
            table[attr] = value
        yield
    finally:
        for table, attr, old in reversed(saved):
            table[attr] = old


def _owner(module, dotted: str):
    *path, attr = dotted.split(".")
    for part in path:
        module = module._modules[part]
    return module, attr


def stack_module_state(models) -> tuple:
    """``(params, buffers)``: each named parameter (and buffer) of identically built models stacked
    along a new first dim; the stacked parameters are new leaves that require grad."""
    models = list(models)
    if not models:
        raise errors.AutogradError("stack_module_state: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or not any(m.training for m in models)):
        raise errors.AutogradError("stack_module_state: Expected all models to have the same training/eval mode.")
    first = type(models[0])
    if not all(type(m) is first for m in models):
        raise errors.AutogradError("stack_module_state: Expected all models to be of the same class.")

    def stacked(named):
        names = [n for n, _ in named(models[0])]
        out = {}
        for name in names:
            values = [dict(named(m))[name] for m in models]
            out[name] = stack([v.detach() for v in values])
        return out

    params = stacked(lambda m: m.named_parameters())
    for name, value in params.items():
        if any(dict(m.named_parameters())[name].requires_grad for m in models):
            value.requires_grad_()
    buffers = stacked(lambda m: [(n, b) for n, b in m.named_buffers() if isinstance(b, Tensor)])
    return params, buffers
