"""``torch.utils.checkpoint``: trade compute for memory by running a block again in backward.

``use_reentrant=False`` (torch's recommendation) records the block's own graph, but its saved tensors
go through saved-tensor hooks that keep only a placeholder; the first backward to need one runs the
block again (stopping once every placeholder is filled), as torch does. ``use_reentrant=True`` (still torch's default,
with a warning) is torch's CheckpointFunction: the forward runs without a graph and the backward runs
the block again, on the same random-number state, and backpropagates through it; gradients reach
tensors the block closes over (a module's parameters) as in torch."""
from __future__ import annotations

import warnings

from ..autograd.function import Function
from ..autograd.grad_mode import enable_grad, no_grad
from ..autograd.graph import saved_tensors_hooks
from ..backward import backward
from ..creation import default_generator
from ..tensor import Tensor

__all__ = ["checkpoint", "checkpoint_sequential"]


class CheckpointFunction(Function):
    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        ctx.run_function = run_function
        ctx.rng_state = default_generator.get_state() if preserve_rng_state else None
        ctx.tensor_indices = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        ctx.inputs = [None if isinstance(a, Tensor) else a for a in args]
        ctx.save_for_backward(*(args[i] for i in ctx.tensor_indices))
        with no_grad():
            return run_function(*args)

    @staticmethod
    def backward(ctx, *grads):
        inputs = list(ctx.inputs)
        for i, t in zip(ctx.tensor_indices, ctx.saved_tensors):
            inputs[i] = t.detach().requires_grad_(t.requires_grad)
        outer_state = None
        if ctx.rng_state is not None:
            outer_state = default_generator.get_state()
            default_generator.set_state(ctx.rng_state)
        try:
            with enable_grad():
                outputs = ctx.run_function(*inputs)
        finally:
            if outer_state is not None:
                default_generator.set_state(outer_state)
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        pairs = [(o, g) for o, g in zip(outputs, grads)
                 if isinstance(o, Tensor) and o.requires_grad and g is not None]
        if not pairs:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is not necessary")
        backward([o for o, _ in pairs], [g for _, g in pairs])
        return (None, None) + tuple(x.grad if isinstance(x, Tensor) else None for x in inputs)


def checkpoint(function, *args, use_reentrant=None, context_fn=None, determinism_check="default", debug=False,
               preserve_rng_state=True, **kwargs):
    if use_reentrant is None:
        warnings.warn("torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. Starting in "
                      "PyTorch 2.9, calling checkpoint without use_reentrant will raise an exception. "
                      "use_reentrant=False is recommended, but if you need to preserve the current default "
                      "behavior, you can pass use_reentrant=True. Refer to docs for more details on the "
                      "differences between the two variants.", UserWarning, stacklevel=2)
        use_reentrant = True
    if not use_reentrant:
        return _checkpoint_without_reentrant(function, args, kwargs, preserve_rng_state)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
    if not any(isinstance(a, Tensor) and a.requires_grad for a in args):
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None", UserWarning, stacklevel=2)
    return CheckpointFunction.apply(function, preserve_rng_state, *args)


class _Holder:
    """A saved tensor's placeholder; ``value`` is filled by a recomputation and taken by one unpack."""
    __slots__ = ("value",)

    def __init__(self):
        self.value = None


class _StopRecomputation(BaseException):   # passes through the language's wrapping of errors
    pass


def _checkpoint_without_reentrant(function, args, kwargs, preserve_rng_state):
    holders = []
    rng_state = default_generator.get_state() if preserve_rng_state else None

    def recompute():
        filled = iter(holders)

        def pack(x):
            holder = next(filled, None)
            if holder is not None:
                holder.value = x.detach()
            if holder is None or holder is holders[-1]:
                raise _StopRecomputation   # torch's early stop: the rest of the block is not run
            return x
        outer_state = default_generator.get_state() if rng_state is not None else None
        if rng_state is not None:
            default_generator.set_state(rng_state)
        try:
            with enable_grad(), saved_tensors_hooks(pack, lambda x: x):
                function(*args, **kwargs)
        except _StopRecomputation:
            pass
        finally:
            if outer_state is not None:
                default_generator.set_state(outer_state)

    def pack(_):
        holders.append(_Holder())
        return holders[-1]

    def unpack(holder):
        if holder.value is None:   # a new backward pass: torch recomputes once per graph task
            recompute()
        value, holder.value = holder.value, None
        return value
    with saved_tensors_hooks(pack, unpack):
        return function(*args, **kwargs)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Run a Sequential (or a list of modules) in ``segments`` pieces, checkpointing all but the last."""
    if use_reentrant is None:
        warnings.warn("torch.utils.checkpoint.checkpoint_sequential: the use_reentrant parameter should be passed "
                      "explicitly. In version 2.9 we will raise an exception if use_reentrant is not passed. "
                      "use_reentrant=False is recommended, but if you need to preserve the current default "
                      "behavior, you can pass use_reentrant=True. Refer to docs for more details on the "
                      "differences between the two variants.", UserWarning, stacklevel=2)
        use_reentrant = True
    functions = list(functions.children()) if hasattr(functions, "children") else list(functions)
    size = len(functions) // segments

    def run(start, end):
        def forward(x):
            for fn in functions[start:end + 1]:
                x = fn(x)
            return x
        return forward

    end = -1
    for start in range(0, size * (segments - 1), size):
        end = start + size - 1
        input = checkpoint(run(start, end), input, use_reentrant=use_reentrant, **kwargs)
    return run(end + 1, len(functions) - 1)(input)
