"""``Module.state_dict`` and ``load_state_dict`` walked as torch walks them: module by module, each
with its prefix, its ``_metadata`` version and its hooks (state dict pre/post hooks, load pre/post
hooks), so that hooks which rename keys of old checkpoints, or print what they see, behave as in
torch, and keys are reported in torch's order."""
from __future__ import annotations

import warnings
from collections import OrderedDict
from collections.abc import Mapping

from ..autograd.grad_mode import no_grad
from ..tensor import Tensor


def hooks(module, table: str) -> list:
    """A module's hooks of one kind (the tables are made at the first registration)."""
    found = module.__dict__.get(table)
    return list(found.values()) if found else []


def save(module, args: tuple, destination, prefix: str, keep_vars: bool):
    if args:    # torch's deprecated positional order: destination, prefix, keep_vars
        warnings.warn("Positional args are being deprecated, use kwargs instead. Refer to "
                      "https://pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn.Module.state_dict"
                      " for details.", FutureWarning, stacklevel=3)
        destination = args[0] if destination is None else destination
        prefix = args[1] if len(args) > 1 and prefix == "" else prefix
        keep_vars = args[2] if len(args) > 2 and keep_vars is False else keep_vars
    if destination is None:
        destination = OrderedDict()
        destination._metadata = OrderedDict()
    local_metadata = {"version": module._version}
    if hasattr(destination, "_metadata"):
        destination._metadata[prefix[:-1]] = local_metadata
    for hook in hooks(module, "_state_dict_pre_hooks"):
        hook(module, prefix, keep_vars)
    for name, t in own_state(module).items():
        destination[prefix + name] = t if keep_vars else t.detach()
    # every path to a shared submodule has its own keys (torch walks the tree, it does not dedupe)
    for name, child in module._modules.items():
        if child is not None:
            child.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
    for hook in hooks(module, "_state_dict_hooks"):
        if hook(module, destination, prefix, local_metadata) is not None:
            raise RuntimeError("state_dict post-hook must return None")
    return destination


def own_state(module) -> dict:
    """The module's own parameters and persistent buffers that are not None."""
    buffers = ((n, t) for n, t in module._buffers.items() if n not in module._non_persistent_buffers_set)
    return {n: t for n, t in (*module._parameters.items(), *buffers) if t is not None}


def load(model, state_dict, strict: bool, assign: bool, incompatible_keys):
    """torch's order: each module runs its load pre-hooks and copies its own tensors, then its
    children; its post-hooks see (and may edit) the keys reported so far; the errors are raised
    together at the end (missing keys, unexpected keys, then the others)."""
    if not isinstance(state_dict, Mapping):
        raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
    missing, unexpected, errors = [], [], []
    metadata = getattr(state_dict, "_metadata", None)
    state_dict = OrderedDict(state_dict)
    if metadata is not None:
        state_dict._metadata = metadata

    def walk(module, local_state_dict, prefix=""):
        local_metadata = {} if metadata is None else dict(metadata.get(prefix[:-1], {}))
        if assign:
            local_metadata["assign_to_params_buffers"] = assign
        module._load_from_state_dict(local_state_dict, prefix, local_metadata, True, missing, unexpected, errors)
        for name, child in module._modules.items():
            if child is not None:
                child_prefix = prefix + name + "."
                walk(child, {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}, child_prefix)
        found = incompatible_keys(missing, unexpected)
        for hook in hooks(module, "_load_state_dict_post_hooks"):
            if hook(module, found) is not None:
                raise AssertionError("Hooks registered with ``register_load_state_dict_post_hook`` are not"
                                     "expected to return new values, if incompatible_keys need to be modified,"
                                     "it should be done inplace.")

    walk(model, state_dict)
    if strict:
        if unexpected:
            errors.insert(0, "Unexpected key(s) in state_dict: " + ", ".join(f'"{k}"' for k in unexpected) + ". ")
        if missing:
            errors.insert(0, "Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing) + ". ")
    if errors:
        raise RuntimeError(f"Error(s) in loading state_dict for {type(model).__name__}:\n\t" + "\n\t".join(errors))
    return incompatible_keys(missing, unexpected)


def load_own(module, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs,
             parameter_cls):
    """torch's ``Module._load_from_state_dict``: this module's tensors only, errors collected
    (``parameter_cls``: nn.Parameter, which assign=True wraps a plain tensor in)."""
    for hook in hooks(module, "_load_state_dict_pre_hooks"):
        hook(module, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
    local_state = own_state(module)
    assign = local_metadata.get("assign_to_params_buffers", False)
    for name, param in local_state.items():
        key = prefix + name
        if key not in state_dict:
            if strict:
                missing_keys.append(key)
            continue
        value = state_dict[key]
        if not isinstance(value, Tensor):
            error_msgs.append(f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like '
                              f"object from checkpoint but received {type(value)}")
            continue
        if param.ndim == 0 and value.ndim == 1 and value.shape[0] == 1:   # a checkpoint of torch 0.3
            value = value[0]
        if tuple(value.shape) != tuple(param.shape):
            error_msgs.append(f"size mismatch for {key}: copying a param with shape {value.shape} from "
                              f"checkpoint, the shape in current model is {param.shape}.")
            continue
        with no_grad():
            if assign:
                if isinstance(param, parameter_cls):
                    if isinstance(value, parameter_cls):
                        value.requires_grad_(param.requires_grad)
                    else:
                        value = parameter_cls(value, requires_grad=param.requires_grad)
                setattr(module, name, value)
            else:
                param.copy_(value)
    if strict:
        for key in state_dict:
            if key.startswith(prefix):
                name = key[len(prefix):].split(".", 1)
                if (name[0] not in module._modules) if len(name) > 1 else (name[0] not in local_state):
                    unexpected_keys.append(key)
