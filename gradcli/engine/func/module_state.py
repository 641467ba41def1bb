"""``functional_call`` and ``stack_module_state``: a module run with parameters given as a dict,
the way torch.func differentiates with respect to a model's weights."""
from __future__ import annotations

import contextlib

from .. import errors
from ..functions import stack
from ..tensor import Tensor
from ..torch_class_names import torch_class_name

__all__ = ["functional_call", "replace_all_batch_norm_modules_", "stack_module_state"]


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights: bool = True,
                    strict: bool = False):
    """Call ``module(*args, **kwargs)`` with the named parameters and buffers replaced by the given
    tensors (dotted names, as ``named_parameters`` gives them); the module is unchanged afterwards."""
    dicts = parameter_and_buffer_dicts
    if isinstance(dicts, (list, tuple)):
        if not all(isinstance(d, dict) for d in dicts):
            raise ValueError("Expected all elements of parameter_and_buffer_dicts to be dictionaries")
        merged, repeated = {}, []
        for d in dicts:
            for key in d:
                if key in merged and key not in repeated:
                    repeated.append(key)
            merged.update(d)
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of functional call is ambiguous")
        dicts = merged
    elif not isinstance(dicts, dict):
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but got "
                         f"{_shown(type(dicts))}")
    args = () if args is None else (args if isinstance(args, tuple) else (args,))
    kwargs = kwargs or {}
    named = [*module.named_parameters(remove_duplicate=False), *module.named_buffers(remove_duplicate=False)]
    if tie_weights:
        dicts = _untied(named, dicts)
    known = {name for name, _ in named}
    if strict:
        unexpected, missing = sorted(set(dicts) - known), sorted(known - set(dicts))
        messages = ([f"Unexpected key(s): {', '.join(map(repr, unexpected))}."] if unexpected else []) + \
            ([f"Missing key(s): {', '.join(map(repr, missing))}."] if missing else [])
        if messages:
            raise errors.AutogradError(f"Error(s) in reparametrizing for {type(module).__name__}:\n\t"
                                       + "\n\t".join(messages))
    _check_names(module, dicts)
    with _swapped(module, {k: v for k, v in dicts.items() if k in known}):
        return module(*args, **kwargs)


def _untied(named: list, given: dict) -> dict:
    """torch's tie_weights: a value given under one name of a tensor the module holds under several
    names (tied weights) replaces it under all of them; different values for one tensor are refused."""
    names_of: dict = {}
    for name, tensor in named:
        names_of.setdefault(id(tensor), set()).add(name)
    tied = {name: names for names in names_of.values() if len(names) > 1 for name in names}
    untied = dict(given)
    for name in [n for n in given if n in tied]:
        if len({id(given[n]) for n in tied[name] if n in given}) > 1:
            raise ValueError(f"functional_call got multiple values for keys {sorted(tied[name])}, which are tied. "
                             f"Consider using tie_weights=False")
        untied.update(dict.fromkeys(tied[name], given[name]))
    return untied


def _check_names(module, given: dict) -> None:
    """torch's checks as it swaps each name in (``NamedMemberAccessor``): a tensor value, a path of
    submodules, and a name that is a tensor attribute or none at all (a new one is only set)."""
    for name, value in given.items():
        if not isinstance(value, Tensor):
            raise TypeError(f"{value} is not an instance of torch.Tensor")
        prefix, _, attr = name.rpartition(".")
        owner, path = module, []
        for part in prefix.split(".") if prefix else ():
            path.append(part)
            if not hasattr(owner, part):
                raise AttributeError(f"{owner._get_name()} has no attribute `{part}`")
            owner = getattr(owner, part)
            if not _is_module(owner):
                raise TypeError(f"submodule `{'.'.join(path)}`: {owner} is not an instance of torch.nn.Module")
        if attr not in owner._parameters and attr not in owner._buffers and hasattr(owner, attr) \
                and not isinstance(getattr(owner, attr), Tensor):
            raise TypeError(f"attribute `{attr}`: {_shown(getattr(owner, attr))} is not an instance of torch.Tensor")


def _is_module(value) -> bool:
    """An nn.Module (func sits below nn: known by what functional_call uses of it)."""
    return not isinstance(value, type) and isinstance(getattr(value, "_modules", None), dict) \
        and callable(getattr(value, "named_parameters", None))


def _shown(value) -> str:
    """str(value), a class with the name torch gives it (``module.__class__``)."""
    if isinstance(value, type):
        return f"<class '{torch_class_name(value) or f'{value.__module__}.{value.__qualname__}'}'>"
    return str(value)


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


def replace_all_batch_norm_modules_(root):
    """Every batch norm in ``root`` stops tracking running statistics, in place: their in-place
    update cannot run under vmap, so torch.func's recipe drops them (batch statistics, even in eval)."""
    for module in root.modules():
        if getattr(module, "_batch_norm", False) and module.track_running_stats:
            module.running_mean = module.running_var = module.num_batches_tracked = None
            module.track_running_stats = False
    return root


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
        """torch's construct_stacked_leaf: new leaves that require grad when every model's does."""
        names = [n for n, _ in named(models[0])]
        out = {}
        for name in names:
            values = [dict(named(m))[name] for m in models]
            flags = {v.requires_grad for v in values}
            if len(flags) > 1:
                raise errors.AutogradError(f"Expected {name} from each model to have the same .requires_grad")
            out[name] = stack([v.detach() for v in values])
            if flags == {True}:
                out[name].requires_grad_()
        return out

    params = stacked(lambda m: m.named_parameters())
    buffers = stacked(lambda m: [(n, b) for n, b in m.named_buffers() if isinstance(b, Tensor)])
    return params, buffers
