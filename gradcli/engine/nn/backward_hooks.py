"""``Module.register_full_backward_hook`` / ``register_full_backward_pre_hook``: torch's mechanism,
an identity Function around the module's tensor inputs and outputs (BackwardHookFunctionBackward
in the graph) whose node hooks see the gradients with respect to them."""
from __future__ import annotations

import warnings

from ..autograd.function import Function
from ..tensor import Tensor

NO_INPUT_WARNING = ("Full backward hook is firing when gradients are computed with respect to module outputs since "
                    "no inputs require gradients. See https://docs.pytorch.org/docs/main/generated/torch.nn.Module."
                    "html#torch.nn.Module.register_full_backward_hook for more details.")


class BackwardHookFunction(Function):
    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *grads):
        return grads


def call_with_backward_hooks(module, args: tuple, kwargs: dict, run):
    """``run(*args, **kwargs)`` with the module's full backward (pre-)hooks wired into the graph."""
    state = {"grad_output": None}
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    wants_input = any(args[i].requires_grad for i in positions)
    if wants_input:
        wrapped = BackwardHookFunction.apply(*[args[i] for i in positions])
        args = list(args)
        for i, w in zip(positions, wrapped):
            args[i] = w
        args = tuple(args)
        node = next(w.grad_fn for w in wrapped if w.grad_fn is not None)

        def hook(grads):     # torch's name for it, which its errors quote ("hook 'hook' has changed the size")
            return _fire(module, tuple(grads), state["grad_output"])
        node.register_prehook(hook)
    result = run(*args, **kwargs)
    outputs = result if isinstance(result, tuple) else (result,)
    tensor_outs = [i for i, o in enumerate(outputs) if isinstance(o, Tensor) and o.requires_grad]
    if not tensor_outs:
        return result
    wrapped_out = BackwardHookFunction.apply(*[outputs[i] for i in tensor_outs])
    out_node = wrapped_out[0].grad_fn

    def on_output_grads(grads):
        grads = tuple(grads)
        for hook in list(module._backward_pre_hooks.values()):
            changed = hook(module, grads)
            if changed is not None:
                grads = tuple(changed) if isinstance(changed, (tuple, list)) else (changed,)
        state["grad_output"] = grads
        if not wants_input and module._backward_hooks:
            warnings.warn(NO_INPUT_WARNING, UserWarning, stacklevel=2)
            _fire_without_inputs(module, (None,) * len(positions), grads)
        return grads
    out_node.register_prehook(on_output_grads)
    new = list(outputs)
    for i, w in zip(tensor_outs, wrapped_out):
        new[i] = w
    return tuple(new) if isinstance(result, tuple) else new[0]


def _fire(module, grad_input: tuple, grad_output):
    """Call every full backward hook; a hook may return replacement input gradients."""
    for hook in list(module._backward_hooks.values()):
        changed = hook(module, grad_input, grad_output)
        if changed is not None:
            if len(changed) != len(grad_input):     # len() of what it returned, as torch: a number is a TypeError
                raise RuntimeError(f"Backward hook returned an invalid number of grad_input, got {len(changed)}, "
                                   f"but expected {len(grad_input)}")
            grad_input = tuple(changed)
    return grad_input


def _fire_without_inputs(module, grad_input: tuple, grad_output) -> None:
    """No input requires grad: there is no input gradient to replace, and torch refuses a hook that
    returns one (it was ignored, and backward went on as if the hook had returned None)."""
    for hook in list(module._backward_hooks.values()):
        changed = hook(module, grad_input, grad_output)
        if changed is not None and not (isinstance(changed, tuple) and all(g is None for g in changed)):
            raise RuntimeError("Backward hook for Modules where no input requires gradient should always return "
                               "None or None for all gradients.")
