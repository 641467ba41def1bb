"""``functorch``, the package torch.func grew out of, as older tutorials import it: the same
transforms, and its stateless modules (``make_functional``, ``make_functional_with_buffers``,
``combine_state_for_ensemble``) -- a copy of the model run with the weights passed in."""
from __future__ import annotations

import copy

from . import errors
from .func import functional_call, grad, grad_and_value, hessian, jacfwd, jacrev, jvp, vjp, vmap
from .functions import stack
from .nn.module import Module

__all__ = ["combine_state_for_ensemble", "grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp",
           "make_functional", "make_functional_with_buffers", "vjp", "vmap"]


class FunctionalModule(Module):
    """``fmodel(params, *args)``: the copied model called with ``params`` in place of its parameters."""

    def __init__(self, stateless_model, param_names):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names

    def forward(self, params, *args, **kwargs):
        return functional_call(self.stateless_model, dict(zip(self.param_names, params)), args, kwargs)


class FunctionalModuleWithBuffers(Module):
    """``fmodel(params, buffers, *args)``: the copied model called with both passed in."""

    def __init__(self, stateless_model, param_names, buffer_names):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names
        self.buffer_names = buffer_names

    def forward(self, params, buffers, *args, **kwargs):
        return functional_call(self.stateless_model, (dict(zip(self.param_names, params)),
                                                      dict(zip(self.buffer_names, buffers))), args, kwargs)


def _copy_state(model, disable_autograd_tracking: bool):
    model = copy.deepcopy(model)
    names, params = zip(*model.named_parameters()) if list(model.parameters()) else ((), ())
    if disable_autograd_tracking:
        for p in params:
            p.requires_grad_(False)
    return model, names, params


def make_functional(model, disable_autograd_tracking: bool = False):
    """``(fmodel, params)`` of a model without buffers; ``params`` are the copy's parameters."""
    if list(model.buffers()):
        raise errors.AutogradError("make_functional(model): `model` has buffers. Please use "
                                   "make_functional_with_buffers(model) instead.")
    copied, names, params = _copy_state(model, disable_autograd_tracking)
    return FunctionalModule(copied, names), params


def make_functional_with_buffers(model, disable_autograd_tracking: bool = False):
    """``(fmodel, params, buffers)``."""
    copied, names, params = _copy_state(model, disable_autograd_tracking)
    named = list(copied.named_buffers())
    buffer_names, buffers = zip(*named) if named else ((), ())
    return FunctionalModuleWithBuffers(copied, names, buffer_names), params, buffers


def combine_state_for_ensemble(models):
    """``(fmodel, params, buffers)`` for vmap over identically built models: each parameter and
    buffer stacked along a new first dim, detached (functorch's ``transpose_stack``)."""
    models = list(models)
    if not models:
        raise errors.AutogradError("combine_state_for_ensemble: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or not any(m.training for m in models)):
        raise errors.AutogradError("combine_state_for_ensemble: Expected all models to have the same training/eval "
                                   "mode.")
    if not all(type(m) is type(models[0]) for m in models):
        raise errors.AutogradError("combine_state_for_ensemble: Expected all models to be of the same class.")
    funcs, params, buffers = zip(*[make_functional_with_buffers(m) for m in models])
    return (funcs[0], tuple(stack(shards).detach() for shards in zip(*params)),
            tuple(stack(shards).detach() for shards in zip(*buffers)))
