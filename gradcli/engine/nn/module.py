"""``torch.nn.Parameter`` and ``torch.nn.Module``: parameters, buffers and submodules registered by
attribute assignment, hooks around ``forward``, and torch's module repr.

A Module is the top layer of the engine: it only composes tensors and the functional API.
"""
from __future__ import annotations

import warnings
from collections import OrderedDict

import numpy as np

from .. import dtypes, errors
from .. import instrumentation as _inst
from ..autograd import grad_mode
from ..autograd.graph import _seq
from ..autograd.profiler import record_function
from ..autograd.grad_mode import no_grad
from ..functions.composites import typename
from ..hooks import RemovableHandle, add_hook
from ..memory_layout import memory_format
from ..tensor import Tensor, make, storage
from ..to_arguments import invalid_to_arguments
from . import state_dict as _state_dict
from .backward_hooks import call_with_backward_hooks


class Parameter(Tensor):
    """A leaf tensor that a Module registers as a parameter (``requires_grad=True`` by default)."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad: bool = True):
        if data is None:
            data = make(np.empty((0,), dtypes.get_default_dtype().np))
        p = object.__new__(cls)
        p._data = storage(data) if isinstance(data, Tensor) else np.asarray(data)   # shares, as torch
        p._grad_fn = None
        p._output_nr = 0
        p._requires_grad = False
        p._grad = None
        p._vc = [0]
        p._base = None
        p._x = None
        if type(requires_grad) is not bool:
            raise TypeError("_make_subclass(): argument 'require_grad' (position 3) must be bool, not "
                            f"{type(requires_grad).__name__}")
        p._set_requires_grad(requires_grad, errors.INT_REQUIRES_GRAD)   # torch words it as its factories
        return p

    def __init__(self, data=None, requires_grad: bool = True):
        pass

    def __repr__(self) -> str:
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        """torch's: a Parameter of a copy of the data, requires_grad kept, no .grad (``copy.deepcopy(model)``)."""
        if id(self) not in memo:
            memo[id(self)] = type(self)(self._data.copy(), self._requires_grad)
        return memo[id(self)]


class _BufferMeta(type):
    def __instancecheck__(cls, instance) -> bool:
        return isinstance(instance, Tensor) and "_is_buffer" in getattr(instance, "__dict__", ())


class Buffer(metaclass=_BufferMeta):
    """``self.steps = nn.Buffer(torch.zeros(1))``: as torch's, a plain tensor (detached) marked so that
    assigning it to a module registers it as a buffer, ``persistent`` or not (``register_buffer``)."""

    def __new__(cls, data=None, *, persistent: bool = True):
        if data is None:
            data = make(np.empty((0,), dtypes.get_default_dtype().np))
        t = data.detach().requires_grad_(data.requires_grad)
        t.persistent, t._is_buffer = persistent, True
        return t


def _addindent(text: str, spaces: int) -> str:
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


_calls = None      # a list while record_module_calls() is on: (module, first node seq, end seq)


class record_module_calls:
    """``with record_module_calls() as calls:`` lists every module call with the range of graph-node
    sequence numbers its forward made (innermost calls come first), so a graph can group its nodes
    by module (``gradcli graph --by-module``)."""

    def __enter__(self) -> list:
        global _calls
        self._previous, _calls = _calls, []
        return _calls

    def __exit__(self, *exc) -> bool:
        global _calls
        _calls = self._previous
        return False


def _observed_call(module, args, kwargs):
    """A module call while someone watches: the profiler gets an ``nn.Module: Name`` row for it,
    the call log its node range."""
    def run():
        if (module._backward_hooks or module._backward_pre_hooks) and grad_mode.is_grad_enabled():
            return call_with_backward_hooks(module, args, kwargs, module.forward)
        return module.forward(*args, **kwargs)
    start = next(_seq)
    if _inst._profilers:
        with record_function(f"nn.Module: {type(module).__name__}"):
            result = run()
    else:
        result = run()
    if _calls is not None:
        _calls.append((module, start, next(_seq)))
    return result


def _call_always(module, args: tuple, kwargs: dict):
    """A call of a module with ``always_call`` forward hooks: when the call raises, those that have
    not run yet run with output None (an error of theirs only warns), then the error propagates."""
    ran = module.__dict__["_always_ran"] = set()
    try:
        return module(*args, **kwargs)
    except Exception:
        always = module.__dict__["_forward_hooks_always_called"]
        for hook_id, hook in list(module._forward_hooks.items()):
            if hook_id in always and hook_id not in ran:
                try:
                    hook.fn(module, args, kwargs, None) if type(hook) is _WithKwargs else hook(module, args, None)
                except Exception as e:
                    # (a script's error carries its position: its message alone, without the class label)
                    text = e.message.partition(": ")[2] if isinstance(getattr(e, "message", None), str) else e
                    warnings.warn("module forward hook with ``always_call=True`` raised an exception that was "
                                  f"silenced as another error was raised in forward: {text}")
        raise
    finally:
        del module.__dict__["_always_ran"]


class _WithKwargs:
    """A forward (pre-)hook registered with ``with_kwargs=True``: it also receives forward's kwargs."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn


_hooked = False    # True once any module has had a hook registered: until then no call needs to look for one


def _add_module_hook(table, hook, prepend: bool, with_kwargs: bool) -> RemovableHandle:
    global _hooked
    _hooked = True
    handle = add_hook(table, _WithKwargs(hook) if with_kwargs else hook)
    if prepend:
        table.move_to_end(handle.id, last=False)
    return handle


class Module:
    """Base class of every layer and model: ``__init__`` assigns parameters and submodules,
    ``forward`` computes; calling the module runs forward with its hooks."""

    training: bool
    script_dunders = ("__init__",)   # what a script's `class Net(nn.Module)` may define
    _version = 1     # saved in state_dict()._metadata; loading reads it (batch norms' older checkpoints)

    def __new__(cls, *args, **kwargs):
        self = super().__new__(cls)
        _inst.modules[self] = next(_inst.module_count)     # torch.func tells captured module state by it
        return self

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() takes no arguments")
        for name, value in (("training", True), ("_parameters", OrderedDict()), ("_buffers", OrderedDict()),
                            ("_modules", OrderedDict()), ("_forward_hooks", OrderedDict()),
                            ("_forward_pre_hooks", OrderedDict()), ("_backward_hooks", OrderedDict()),
                            ("_backward_pre_hooks", OrderedDict()),
                            ("_non_persistent_buffers_set", set())):
            object.__setattr__(self, name, value)

    # -- registration by assignment ------------------------------------------------------------
    def __setattr__(self, name: str, value) -> None:
        params = self.__dict__.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._forget(name, keep=params)
            params[name] = value
        elif isinstance(value, Module):
            if self.__dict__.get("_modules") is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self._forget(name, keep=self._modules)
            self._modules[name] = value
        elif isinstance(value, Buffer):
            self.register_buffer(name, value, value.persistent)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            params[name] = None
        elif self.__dict__.get("_modules") is not None and name in self._modules:
            if value is not None:
                raise TypeError(f"cannot assign '{typename(value)}' as child module '{name}' "
                                "(torch.nn.Module or None expected)")
            self._modules[name] = None
        elif self.__dict__.get("_buffers") is not None and name in self._buffers:
            if value is not None and not isinstance(value, Tensor):
                raise TypeError(f"cannot assign '{typename(value)}' as buffer '{name}' "
                                "(torch.nn.Buffer, torch.Tensor or None expected)")
            self._buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    def _forget(self, name: str, keep=None) -> None:
        """Drop ``name`` from every table but ``keep`` (a reassigned layer keeps its place, as in torch)."""
        self.__dict__.pop(name, None)
        for table in (self._parameters, self._buffers, self._modules):
            if table is not keep:
                table.pop(name, None)
        self._non_persistent_buffers_set.discard(name)

    def __getattr__(self, name: str):
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            found = d.get(table)
            if found is not None and name in found:
                return found[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        for table in (self._parameters, self._buffers, self._modules):
            if name in table:
                del table[name]
                return
        object.__delattr__(self, name)

    def _check_new_name(self, name, kind: str, table: dict) -> None:
        """torch's checks of a name given to register_parameter/register_buffer, in its order."""
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
        if "." in name:
            raise KeyError(f'{kind} name can\'t contain "."')
        if name == "":
            raise KeyError(f'{kind} name can\'t be empty string ""')
        if hasattr(self, name) and name not in table:
            raise KeyError(f"attribute '{name}' already exists")

    def register_parameter(self, name: str, param) -> None:
        self._check_new_name(name, "parameter", self._parameters)
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        self._forget(name, keep=self._parameters)
        self._parameters[name] = param

    def register_buffer(self, name: str, tensor, persistent: bool = True) -> None:
        self._check_new_name(name, "buffer", self._buffers)
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        self._forget(name, keep=self._buffers)
        self._buffers[name] = tensor
        if not persistent:      # kept on the module, left out of state_dict (torch's rule)
            self._non_persistent_buffers_set.add(name)

    def add_module(self, name: str, module) -> None:
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        self._forget(name, keep=self._modules)
        self._modules[name] = module

    register_module = add_module

    # -- calling --------------------------------------------------------------------------------
    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        if not _hooked and _calls is None and not _inst._profilers:
            return self.forward(*args, **kwargs)   # (three global reads: a module's own attributes cost more)
        if not (self._forward_pre_hooks or self._forward_hooks or self._backward_hooks or self._backward_pre_hooks
                or _calls is not None or _inst._profilers):
            return self.forward(*args, **kwargs)   # nothing observes this call
        if self.__dict__.get("_forward_hooks_always_called") and "_always_ran" not in self.__dict__:
            return _call_always(self, args, kwargs)
        for hook in list(self._forward_pre_hooks.values()):
            if type(hook) is _WithKwargs:
                changed = hook.fn(self, args, kwargs)
                if changed is not None:
                    if not (isinstance(changed, tuple) and len(changed) == 2):
                        raise RuntimeError("forward pre-hook must return None or a tuple of (new_args, new_kwargs), "
                                           f"but got {changed}.")
                    args, kwargs = changed
                continue
            changed = hook(self, args)
            if changed is not None:
                args = changed if isinstance(changed, tuple) else (changed,)
        if _calls is not None or _inst._profilers:
            return self._after_forward_hooks(args, kwargs, _observed_call(self, args, kwargs))
        if (self._backward_hooks or self._backward_pre_hooks) and grad_mode.is_grad_enabled():
            # torch runs the forward hooks before wrapping the output: they see AddmmBackward0, not the hook node
            return call_with_backward_hooks(
                self, args, kwargs, lambda *a, **k: self._after_forward_hooks(a, k, self.forward(*a, **k)))
        return self._after_forward_hooks(args, kwargs, self.forward(*args, **kwargs))

    def _after_forward_hooks(self, args: tuple, kwargs: dict, result):
        ran = self.__dict__.get("_always_ran")
        for hook_id, hook in list(self._forward_hooks.items()):
            if ran is not None:
                ran.add(hook_id)
            changed = hook.fn(self, args, kwargs, result) if type(hook) is _WithKwargs else hook(self, args, result)
            if changed is not None:
                result = changed
        return result

    def register_forward_pre_hook(self, hook, *, prepend: bool = False, with_kwargs: bool = False) -> RemovableHandle:
        """``hook(module, args)`` before forward; it may return replacement args (with_kwargs:
        ``hook(module, args, kwargs)`` returning ``(args, kwargs)``)."""
        return _add_module_hook(self._forward_pre_hooks, hook, prepend, with_kwargs)

    def register_full_backward_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        """``hook(module, grad_input, grad_output)`` when the gradients with respect to the module's
        inputs are computed; it may return replacement grad_input."""
        return _add_module_hook(self._backward_hooks, hook, prepend, False)

    def register_full_backward_pre_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        """``hook(module, grad_output)`` when the gradients with respect to the module's outputs are
        computed; it may return replacement grad_output."""
        return _add_module_hook(self._backward_pre_hooks, hook, prepend, False)

    def register_backward_hook(self, hook) -> RemovableHandle:
        """The deprecated non-full hook: ``hook(module, grad_input, grad_output)`` on the node that made
        the module's (first) output, so grad_input are that node's input gradients, as torch gives them."""
        def attach(module, args, result):
            while result is not None and not isinstance(result, Tensor):
                result = next((v for v in result.values() if isinstance(v, Tensor)), None) \
                    if isinstance(result, dict) else result[0]
            if result is not None and result.grad_fn is not None:
                result.grad_fn.register_hook(lambda grad_input, grad_output: hook(module, grad_input, grad_output))
        return self.register_forward_hook(attach)

    def register_forward_hook(self, hook, *, prepend: bool = False, with_kwargs: bool = False,
                              always_call: bool = False) -> RemovableHandle:
        """``hook(module, args, output)`` after forward (with_kwargs: ``hook(module, args, kwargs,
        output)``); it may return a replacement output. always_call: also when forward raises
        (with output None)."""
        handle = _add_module_hook(self._forward_hooks, hook, prepend, with_kwargs)
        if always_call:
            self.__dict__.setdefault("_forward_hooks_always_called", set()).add(handle.id)
        return handle

    # -- walking the tree -------------------------------------------------------------------------
    def named_modules(self, memo=None, prefix: str = "", remove_duplicate: bool = True):
        memo = set() if memo is None else memo
        if remove_duplicate and id(self) in memo:
            return
        memo.add(id(self))
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            yield from module.named_modules(memo, prefix + ("." if prefix else "") + name, remove_duplicate)

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_children(self):
        seen = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in seen:
                seen.add(id(module))
                yield name, module

    def children(self):
        for _, module in self.named_children():
            yield module

    def _named_members(self, table: str, prefix: str, recurse: bool, remove_duplicate: bool = True):
        """Each tensor once (a tied weight under its first name), or every name it has."""
        seen = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, value in getattr(module, table).items():
                if value is None or id(value) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(value))
                yield module_prefix + ("." if module_prefix else "") + name, value

    def named_parameters(self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True):
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse: bool = True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True):
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse: bool = True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    # -- modes and bulk changes -------------------------------------------------------------------
    def train(self, mode: bool = True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        for module in self.modules():
            object.__setattr__(module, "training", mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        for p in self.parameters():
            if p.grad is None:
                continue
            if set_to_none:
                p.grad = None
            else:
                p.grad.detach_().zero_()

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def to(self, *args, **kwargs):
        """``to(dtype)`` (devices other than the CPU are refused by Tensor.to). ``to("meta")`` keeps the
        module as it is: torch's storage-free copy serves as a skeleton for ``functional_call``."""
        if any(str(a) == "meta" for a in args + (kwargs.get("device"),)):
            return self
        fmt = kwargs.get("memory_format")
        if fmt is None:
            # torch converts floating tensors only (num_batches_tracked stays int64)
            return self._convert(lambda t: t.to(*args, **kwargs), floating_only=True)
        if not isinstance(fmt, memory_format):
            raise invalid_to_arguments(args, kwargs)
        # a memory format applies to the 4-d and 5-d tensors only (a conv's weight, not its bias)
        rest = {k: v for k, v in kwargs.items() if k != "memory_format"}
        return self._convert(lambda t: t.to(*args, **(kwargs if t.ndim in (4, 5) else rest)), floating_only=True)

    def type(self, dst_type):
        """torch's Module.type: every parameter and buffer through Tensor.type, integer buffers too."""
        return self._convert(lambda t: t.type(dst_type), floating_only=False)

    def _convert(self, convert, floating_only: bool):
        with no_grad():
            for module in self.modules():
                for table in (module._parameters, module._buffers):
                    for name, t in table.items():
                        if t is None or floating_only and not (t.is_floating_point() or t.is_complex()):
                            continue
                        converted = convert(t)
                        if converted is t:
                            continue
                        if isinstance(t, Parameter):
                            # the same Parameter with new data, as torch's ``param.data = ...``: an optimizer
                            # made before ``model.double()`` still updates the model, tied weights stay tied
                            t.data = converted
                            if t.grad is not None:
                                t.grad.data = convert(t.grad)
                        else:
                            table[name] = converted
        return self

    def float(self):
        return self.to(dtypes.float32)

    def double(self):
        return self.to(dtypes.float64)

    def half(self):
        return self.to(dtypes.float16)

    def cpu(self):
        return self

    def cuda(self, device=None):
        raise AssertionError("Torch not compiled with CUDA enabled")  # torch's words; gradcli is CPU-only

    def get_submodule(self, target: str):
        module = self
        for name in target.split(".") if target else ():
            if not hasattr(module, name):
                raise AttributeError(f"{module._get_name()} has no attribute `{name}`")
            module = getattr(module, name)
            if not isinstance(module, Module):
                raise AttributeError(f"`{name}` is not an nn.Module")
        return module

    def _owner_of(self, target: str):
        """The submodule that holds ``target``'s last name, and that name (torch's lookups and errors)."""
        path, _, name = target.rpartition(".")
        module = self.get_submodule(path)
        if not hasattr(module, name):
            raise AttributeError(f"{module._get_name()} has no attribute `{name}`")
        return module, name

    def get_parameter(self, target: str):
        module, name = self._owner_of(target)
        param = getattr(module, name)
        if not isinstance(param, Parameter):
            raise AttributeError(f"`{name}` is not an nn.Parameter")
        return param

    def get_buffer(self, target: str):
        module, name = self._owner_of(target)
        if name not in module._buffers:
            raise AttributeError(f"`{name}` is not a buffer")
        return getattr(module, name)

    # -- state --------------------------------------------------------------------------------------
    def state_dict(self, *args, destination=None, prefix: str = "", keep_vars: bool = False):
        return _state_dict.save(self, args, destination, prefix, keep_vars)

    def load_state_dict(self, state_dict, strict: bool = True, assign: bool = False):
        return _state_dict.load(self, state_dict, strict, assign, _IncompatibleKeys)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs) -> None:
        _state_dict.load_own(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                             error_msgs, Parameter)

    def register_state_dict_pre_hook(self, hook) -> RemovableHandle:
        """``hook(module, prefix, keep_vars)`` before this module's entries are saved."""
        return add_hook(self.__dict__.setdefault("_state_dict_pre_hooks", OrderedDict()), hook)

    def register_state_dict_post_hook(self, hook) -> RemovableHandle:
        """``hook(module, state_dict, prefix, local_metadata)`` after this module and its children are
        saved; it may edit the dict in place."""
        return add_hook(self.__dict__.setdefault("_state_dict_hooks", OrderedDict()), hook)

    def register_load_state_dict_pre_hook(self, hook) -> RemovableHandle:
        """``hook(module, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
        error_msgs)`` before this module's tensors are loaded (it may rename keys of old checkpoints)."""
        return add_hook(self.__dict__.setdefault("_load_state_dict_pre_hooks", OrderedDict()), hook)

    def register_load_state_dict_post_hook(self, hook) -> RemovableHandle:
        """``hook(module, incompatible_keys)`` after this module and its children are loaded."""
        return add_hook(self.__dict__.setdefault("_load_state_dict_post_hooks", OrderedDict()), hook)

    # -- printing ---------------------------------------------------------------------------------
    def extra_repr(self) -> str:
        return ""

    def _get_name(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [f"({key}): " + _addindent(repr(module), 2) for key, module in self._modules.items()]
        lines = extra_lines + child_lines
        main = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main += extra_lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(self._parameters) | set(self._modules) | set(self._buffers))


class _IncompatibleKeys:
    """What ``load_state_dict`` reports (``missing_keys``, ``unexpected_keys``), printed as torch does."""

    def __init__(self, missing, unexpected):
        self.missing_keys = list(missing)
        self.unexpected_keys = list(unexpected)

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return f"_IncompatibleKeys(missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys})"

