"""``torch.autograd.functional``: vjp, jvp, vhp, hvp, jacobian, hessian, with torch's signatures,
shapes, strict-mode errors and tuple conventions.

The vectorized paths do one pass, never one per output element:
``jacobian(vectorize=True)`` runs a single backward with ``is_grads_batched``
over the identity, ``strategy="forward-mode"`` pushes the identity through one
forward pass as batched tangents, and ``hessian(vectorize=True)`` is one
create_graph backward followed by one batched backward of that gradient.
``jacobian_auto``/``hessian_auto`` are what the CLI calls: vectorized always,
forward mode when the inputs have fewer elements than the outputs.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from .. import instrumentation as _inst
from ..backward import grad as _grad
from ..functions import stack
from ..tensor import Tensor, make
from . import forward_ad as fwAD
from .grad_mode import enable_grad, no_grad, set_grad_enabled, mode as _mode
from .graph import captured, mark_tracked

__all__ = [
    "hessian", "hvp", "jacobian", "jvp", "vhp", "vjp",
]


# -- argument handling (torch's helpers) ------------------------------------------------------------

def _as_tuple(inp, arg_name=None, fn_name=None):
    if arg_name is None and fn_name is None:
        return inp if isinstance(inp, tuple) else tuple(inp) if isinstance(inp, list) else (inp,)
    is_tuple = isinstance(inp, tuple)
    if not is_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, Tensor):
            if is_tuple:
                raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors "
                                f"but the value at index {i} has type {_type_str(el)}.")
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but "
                            f"the given {arg_name} has type {_type_str(el)}.")
    return is_tuple, inp


def _type_str(x) -> str:
    return f"<class '{type(x).__module__ + '.' if type(x).__module__ != 'builtins' else ''}{type(x).__qualname__}'>"


def _tuple_postprocess(res, to_unpack):
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs, create_graph, need_graph):
    """Fresh inputs to differentiate: views keep the outer graph under create_graph, else detached."""
    res = []
    for inp in inputs:
        if create_graph and inp._requires_grad:
            res.append(inp.view_as(inp))
        else:
            res.append(mark_tracked(inp.detach().requires_grad_(need_graph)))
    return tuple(res)


def _grad_postprocess(inputs, create_graph):
    if isinstance(inputs[0], Tensor):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise errors.AutogradError(f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}.")
        raise errors.AutogradError("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.shape != el_other.shape:
            prepend = f"Entry {idx} in " if is_other_tuple else ""
            raise errors.AutogradError(f"{prepend}v has invalid size: should be {el_other.size()} but got "
                                       f"{el_v.size()}.")


def _check_requires_grad(inputs, input_type, strict):
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:
            raise errors.AutogradError(f"The output of the user-provided function is independent of input {i}. "
                                       "This is not allowed in strict mode.")
        if not inp._requires_grad:
            if input_type == "hessian":
                raise errors.AutogradError(
                    f"The hessian of the user-provided function with respect to input {i} is independent of the "
                    "input. This is not allowed in strict mode. You should ensure that your function is thrice "
                    "differentiable and that the hessian depends on the inputs.")
            if input_type == "jacobian":
                raise errors.AutogradError(
                    f"While computing the hessian, found that the jacobian of the user-provided function with "
                    f"respect to input {i} is independent of the input. This is not allowed in strict mode. You "
                    "should ensure that your function is twice differentiable and that the jacobian depends on the "
                    "inputs (this would be violated by a linear function for example).")
            if input_type == "grad_inputs":
                raise errors.AutogradError(f"The gradient with respect to input {i} is independent of the inputs of "
                                           "the user-provided function. This is not allowed in strict mode.")
            raise errors.AutogradError(f"Output {i} of the user-provided function does not require gradients. The "
                                       "outputs must be computed in a differentiable manner from the input when "
                                       "running in strict mode.")


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None,
                   is_grads_batched=False):
    """``autograd.grad`` over the outputs that require grad; all None when none does."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    new_outputs, new_grad_outputs = (), ()
    for out, grad_out in zip(outputs, grad_outputs):
        if out is not None and out._requires_grad:
            new_outputs += (out,)
            new_grad_outputs += (grad_out,)
    if not new_outputs:
        return (None,) * len(inputs)
    return _grad(new_outputs, inputs, new_grad_outputs, allow_unused=True, create_graph=create_graph,
                 retain_graph=retain_graph, is_grads_batched=is_grads_batched)


_STAGE_ERRORS = {
    "back": "The output of the user-provided function is independent of input {i}. This is not allowed in strict "
            "mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the grad_outputs when "
                  "using the double backward trick to compute forward mode gradients. This is not allowed in strict "
                  "mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. This is not allowed in "
                   "strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry {i} in the "
                         "grad_jacobian. This is not allowed in strict mode as it prevents from using the double "
                         "backward trick to replace forward mode AD.",
}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    res = ()
    for i, grads_i in enumerate(grads):
        if grads_i is None:
            if strict:
                raise errors.AutogradError(_STAGE_ERRORS[stage].format(i=i))
            grads_i = _zeros_like(refs[i])
        elif strict and create_graph and not grads_i._requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise errors.AutogradError(f"The {what} of the user-provided function is independent of input {i}. "
                                       "This is not allowed in strict mode when create_graph=True.")
        res += (grads_i,)
    return res


def _zeros_like(t: Tensor, requires_grad: bool = False) -> Tensor:
    z = make(np.zeros(t._data.shape, t._data.dtype))
    z._requires_grad = requires_grad
    return z


# -- vjp / jvp / vhp / hvp ---------------------------------------------------------------------------

def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), v^T J)``: one backward."""
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "vjp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        if v is not None:
            _, v = _as_tuple(v, "v", "vjp")
            v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
            _validate_v(v, outputs, is_outputs_tuple)
        elif len(outputs) != 1 or outputs[0].numel() != 1:
            raise errors.AutogradError("The vector v can only be None if the user-provided function returns a "
                                       "single Tensor with a single element.")
    return _second_pass(outputs, inputs, v, inputs, "back", outputs, is_outputs_tuple,
                        is_inputs_tuple, create_graph, strict)


def _input_vector(v, inputs, is_inputs_tuple, create_graph, fn_name):
    """The ``v`` of jvp/hvp/vhp, checked against the inputs (None only for one one-element input)."""
    if v is not None:
        _, v = _as_tuple(v, "v", fn_name)
        v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
        _validate_v(v, inputs, is_inputs_tuple)
    elif len(inputs) != 1 or inputs[0].numel() != 1:
        raise errors.AutogradError("The vector v can only be None if the input to the user-provided function "
                                   "is a single Tensor with a single element.")
    return v


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), J v)`` by the double-backward trick, as torch computes it."""
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        v = _input_vector(v, inputs, is_inputs_tuple, create_graph, "jvp")
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jvp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        grad_outputs = tuple(_zeros_like(out, True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict=strict)
    return _second_pass(grad_inputs, grad_outputs, v, outputs, "back_trick", outputs, is_outputs_tuple,
                        is_outputs_tuple, create_graph, strict)


def _second_pass(grads, wrt, v, fill_like, stage, outputs, is_outputs_tuple, is_result_tuple, create_graph,
                 strict):
    """The shared end of vjp/jvp/hvp/vhp: differentiate the first pass's gradients against ``v``,
    fill unused parts with zeros, and give both results torch's tuple shapes."""
    with set_grad_enabled(True if create_graph else _mode().grad):
        grad_res = _autograd_grad(grads, wrt, v, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, fill_like, strict, create_graph, stage)
    outputs = _grad_postprocess(outputs, create_graph)
    result = _grad_postprocess(result, create_graph)
    return _tuple_postprocess(outputs, is_outputs_tuple), _tuple_postprocess(result, is_result_tuple)


def _scalar_output(func, inputs, strict, fn_name):
    outputs = func(*inputs)
    is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", fn_name)
    _check_requires_grad(outputs, "outputs", strict=strict)
    if is_outputs_tuple or not isinstance(outputs[0], Tensor):
        raise errors.AutogradError(f"The function given to {fn_name} should return a single Tensor")
    if outputs[0].numel() != 1:
        raise errors.AutogradError(f"The Tensor returned by the function given to {fn_name} should contain a "
                                   "single element")
    return is_outputs_tuple, outputs


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), v^T H)`` for a scalar function: two backwards."""
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vhp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        v = _input_vector(v, inputs, is_inputs_tuple, create_graph, "vhp")
        is_outputs_tuple, outputs = _scalar_output(func, inputs, strict, "vhp")
        jac = _autograd_grad(outputs, inputs, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
    return _second_pass(jac, inputs, v, inputs, "double_back", outputs, is_outputs_tuple,
                        is_inputs_tuple, create_graph, strict)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), H v)`` for a scalar function, by the double-backward trick (as torch)."""
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hvp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        v = _input_vector(v, inputs, is_inputs_tuple, create_graph, "hvp")
        is_outputs_tuple, outputs = _scalar_output(func, inputs, strict, "hvp")
        jac = _autograd_grad(outputs, inputs, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        grad_jac = tuple(_zeros_like(inp, True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict=strict)
    return _second_pass(double_back, grad_jac, v, inputs, "double_back_trick", outputs, is_outputs_tuple,
                        is_inputs_tuple, create_graph, strict)


# -- jacobian / hessian ------------------------------------------------------------------------------

def _standard_basis(tensors, numels):
    """One chunk per tensor of the identity over their concatenated elements: ``(total, numel_i)``."""
    total = sum(numels)
    chunks, start = [], 0
    for t, n in zip(tensors, numels):
        if _inst.limit is not None:   # the language's --max-elements, before allocating
            _inst.check_shape((total, n))
        c = np.zeros((total, n), t._data.dtype)
        c[np.arange(start, start + n), np.arange(n)] = 1
        chunks.append(c)
        start += n
    return chunks


def _jacfwd(func, inputs, strict=False, vectorize=False):
    if strict:
        raise errors.AutogradError('torch.autograd.functional.jacobian: `strict=True` and `strategy="forward-mode"` '
                                   'are not supported together (yet). Please either set `strict=False` or '
                                   '`strategy="reverse-mode"`.')
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
    if not vectorize:
        raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                                  "only implemented for `vectorize=True`.")
    numels = tuple(inp.numel() for inp in inputs)
    total = sum(numels)
    basis = _standard_basis(inputs, numels)
    with fwAD.dual_level(_nb=1):
        duals = tuple(fwAD.make_dual(inp, make(b.reshape((total,) + inp._data.shape)))
                      for inp, b in zip(inputs, basis))
        is_outputs_tuple, dual_outputs = _as_tuple(func(*duals), "outputs")
        primals, tangents = [], []
        for out in dual_outputs:
            if _inst.limit is not None:   # the Jacobian block, before it is built from the tangent
                _inst.check_shape((total,) + out._data.shape)
            primal, tangent = fwAD.unpack_dual(out)
            primals.append(primal.detach())
            tangents.append(np.zeros((total,) + out._data.shape, out._data.dtype) if tangent is None
                            else tangent if tangent._requires_grad and captured([tangent]) else tangent._data)
    jac = []
    for tan, out in zip(tangents, primals):
        if isinstance(tan, Tensor):     # a captured tensor requires grad: torch's split, permute, reshape
            jac.append([part.permute(*range(1, part.ndim), 0).reshape(out._data.shape + inp._data.shape)
                        for part, inp in zip(tan.split(list(numels), 0), inputs)])
            continue
        row, start = [], 0
        for inp, n in zip(inputs, numels):
            part = np.moveaxis(tan[start:start + n], 0, -1)  # (*out, n)
            row.append(make(np.ascontiguousarray(part).reshape(out._data.shape + inp._data.shape)))
            start += n
        jac.append(row)
    return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))   # lists, as torch's


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``: shape ``out.shape + in.shape`` per (output, input) pair."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your function '
                         'has more outputs than inputs, "forward-mode" tends to be more performant. Otherwise, '
                         'prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError('torch.autograd.functional.jacobian: `create_graph=True` and '
                                      '`strategy="forward-mode"` are not supported together (yet). Please either '
                                      'set `create_graph=False` or `strategy="reverse-mode"`.')
        return _jacfwd(func, inputs, strict, vectorize)
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict=strict)
        if vectorize:
            if strict:
                raise errors.AutogradError("torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` "
                                           "are not supported together. Please either set `strict=False` or "
                                           "`vectorize=False`.")
            jac = _jacrev_batched(outputs, inputs, create_graph)
            jac = _grad_postprocess(jac, create_graph)
            return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))
        jac = ()
        for i, out in enumerate(outputs):
            for inp in inputs:   # the language's --max-elements, before building any row
                _inst.check_shape(tuple(out.shape) + tuple(inp.shape))
            rows = tuple([] for _ in inputs)
            flat = out.reshape(-1)
            for j in range(out.numel()):
                vj = _autograd_grad((flat[j],), inputs, retain_graph=True, create_graph=create_graph)
                for el_idx, (rows_el, vj_el, inp_el) in enumerate(zip(rows, vj, inputs)):
                    if vj_el is not None:
                        if strict and create_graph and not vj_el._requires_grad:
                            raise errors.AutogradError(
                                f"The jacobian of the user-provided function is independent of input {i}. This is "
                                "not allowed in strict mode when create_graph=True.")
                        rows_el.append(vj_el)
                    else:
                        if strict:
                            raise errors.AutogradError(
                                f"Output {i} of the user-provided function is independent of input {el_idx}. This "
                                "is not allowed in strict mode.")
                        rows_el.append(_zeros_like(inp_el))
            jac += (tuple(_stack(rows_el, out.shape + inputs[el_idx].shape, inputs[el_idx])
                          for el_idx, rows_el in enumerate(rows)),)
        jac = _grad_postprocess(jac, create_graph)
        return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))


def _stack(rows, shape, like):
    """The rows of one Jacobian block, stacked (through the graph only when a row has one)."""
    shape = tuple(shape)
    if not rows:
        return make(np.zeros(shape, like._data.dtype))
    if len(rows) == 1:
        return rows[0].reshape(shape)
    if not any(r._requires_grad for r in rows):
        return make(np.stack([r._data for r in rows]).reshape(shape))
    return stack(rows, 0).view(shape)


def _jacrev_batched(outputs, inputs, create_graph):
    """All rows of the Jacobian from ONE backward over a batch of one-hot grad_outputs."""
    numels = tuple(o.numel() for o in outputs)
    total = sum(numels)
    grad_outputs = tuple(make(b) for b in _standard_basis(outputs, numels))
    flat_outputs = tuple(o.reshape(-1) for o in outputs)
    vj = list(_autograd_grad(flat_outputs, inputs, grad_outputs, create_graph=create_graph, is_grads_batched=True))
    per_input = []
    for inp, g in zip(inputs, vj):
        if g is None:
            g = make(np.zeros((total,) + inp._data.shape, inp._data.dtype))
        if g._requires_grad:    # torch's steps, which a graph shows: split by output, then view
            per_input.append([piece.view(tuple(out.shape) + tuple(inp.shape))
                              for piece, out in zip(g.split(list(numels), 0), outputs)])
            continue
        row, start = [], 0
        for out, n in zip(outputs, numels):
            piece = g[start:start + n] if len(numels) > 1 else g
            row.append(piece.reshape(tuple(out.shape) + tuple(inp.shape)))
            start += n
        per_input.append(row)
    return tuple(zip(*per_input))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar ``func``: the Jacobian of its create_graph gradient."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict=strict)
        if is_out_tuple or not isinstance(out, Tensor):
            raise errors.AutogradError("The function given to hessian should return a single Tensor")
        if out.numel() != 1:
            raise errors.AutogradError("The Tensor returned by the function given to hessian should contain a "
                                       "single element")
        return out.squeeze()

    def jac_func(*inp):
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize,
                   strategy=outer_jacobian_strategy)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


# -- what the CLI calls -------------------------------------------------------------------------------

def pick_strategy(n_inputs: int, n_outputs: int) -> str:
    """Forward mode pays per input element, reverse mode per output element: take the cheaper one."""
    return "forward-mode" if n_inputs < n_outputs else "reverse-mode"


def jacobian_auto(func, inputs, *, strategy: str | None = None, create_graph: bool = False):
    """A vectorized Jacobian; forward mode when the inputs have fewer elements than the outputs.

    Returns ``(jacobian, strategy)``. The outputs' size is found by one forward without a graph.
    """
    if strategy is None:
        ins = inputs if isinstance(inputs, tuple) else (inputs,)
        with no_grad():
            outs = func(*ins)
        outs = outs if isinstance(outs, tuple) else (outs,)
        strategy = pick_strategy(sum(t.numel() for t in ins), sum(o.numel() for o in outs))
        if create_graph:
            strategy = "reverse-mode"
    return jacobian(func, inputs, create_graph=create_graph, vectorize=True, strategy=strategy), strategy


def hessian_auto(func, inputs, *, create_graph: bool = False):
    """A vectorized Hessian: one create_graph backward, then one batched backward of the gradient."""
    return hessian(func, inputs, create_graph=create_graph, vectorize=True)
