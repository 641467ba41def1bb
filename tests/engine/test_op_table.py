"""The whole op table, record by record: gradcheck and gradgradcheck in float64 on every sample,
one batched backward against row-by-row backwards (plain and create_graph), and forward mode
(the record's jvp rule, or the double-vjp fallback where the table says so) against reverse mode.

Adding a record with samples adds its cases here; adding one without samples
fails ``test_records_without_samples_are_the_known_set`` until it is listed.
"""
from __future__ import annotations

import numpy as np
import pytest

import gradcli.engine  # noqa: F401  (imports every ops module: the registry is full)
from gradcli.engine.autograd import forward_ad as fwAD
from gradcli.engine.backward import grad
from gradcli.engine.dispatch import call
from gradcli.engine.autograd.gradcheck import gradcheck, gradgradcheck
from gradcli.engine.ops.registry import all_ops
from gradcli.engine.tensor import Tensor, make

OPS = all_ops()     # the families the engine loads on first use too

# Records that cannot have samples: not differentiable (booleans, indices, integer-only
# arithmetic) or an n-ary family made on demand (cat.N, stack.N: covered by test_functional's
# cat/stack cases) or an alias with nothing to check.
NOT_DIFFERENTIABLE = {
    "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor", "logical_not",
    "isnan", "isinf", "isfinite", "floor_divide", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
    "bitwise_left_shift", "bitwise_right_shift",
    "argmax", "argmin", "gcd", "lcm",
}
WITHOUT_SAMPLES = {"alias", "alias_copy", "_to_copy", "delayed_error",  # delayed_error and heaviside only raise
                   "heaviside", "heaviside.self_grad", "heaviside.values_grad",
                   "unique_consecutive", "_unique2", "unique_dim",    # only raise: torch has no derivative
                   "binomial", "binomial.count_grad", "binomial.prob_grad",   # only raise: no derivative
                   "bernoulli.p",     # only raises: no derivative (tests/torch_scripts/random_draws_zero_gradient_nodes.py)
                   "special_zeta.other_scalar",   # only raises: torch has no derivative of zeta in x
                   "geqrf",                       # only raises: torch has no derivative of geqrf
                   "linalg_ldl_factor_ex", "linalg_ldl_solve",    # only raise (tests/torch_scripts/ldl_factor_solve)
                   "hardsigmoid_backward", "hardsigmoid_backward.self_grad",   # only raise: no derivative
                   "_pdist_backward",   # only raises when differentiated (tests/torch_scripts/pdist_double_backward_*)
                   # torch has neither a second derivative nor a forward-mode rule; values, gradients, nodes
                   # and errors compared with torch in tests/torch_scripts/attention_flash_and_math_nodes.py
                   "_scaled_dot_product_flash_attention_for_cpu", "_scaled_dot_product_flash_attention_for_cpu_backward",
                   # draws: a pass-through of values drawn before the op, differentiated through the draw
                   # (implicit reparameterization), which finite differences cannot see;
                   # tests/engine/test_gamma_sampling_parity.py compares them with torch
                   "_standard_gamma", "_standard_gamma_grad", "_sample_dirichlet",
                   # torch's CTC gradient is the logits' (not log_probs'), and has no derivative:
                   # tests/engine/test_ctc_loss_parity.py compares both with torch
                   "_ctc_loss", "_ctc_loss_backward",
                   # complex in or out: gradcli's gradcheck takes real tensors only;
                   # tests/engine/test_complex_parity.py compares them with torch (first and second order)
                   "view_as_real", "view_as_complex", "complex", "polar", "conj", "conj_physical",
                   "_fft_c2c", "_fft_r2c", "_fft_c2r",    # (tests/engine/test_fft_parity.py)
                   "linalg_eig",    # (tests/engine/test_linalg_factor_parity.py)
                   # lt_ and the other in-place comparisons: a zero gradient (tests/engine/test_inplace_variants.py)
                   *(f"{c}_.{k}" for c in ("eq", "ne", "lt", "le", "gt", "ge") for k in ("Scalar", "Tensor"))}

# Records whose backward torch cannot differentiate again: gradgradcheck meets torch's error.
NO_SECOND_DERIVATIVE = {"hardsigmoid": "derivative for aten::hardsigmoid_backward is not implemented",
                        "_pdist_forward": "the derivative for '_pdist_backward' is not implemented"}

# Engine bugs reported to the lead (record owners); each xfail names the record, the check and the value.
KNOWN_BUGS: dict = {}  # (case id, check) -> reason, for a record bug reported but not yet fixed


def _cases():
    for op in OPS.values():
        if not op.differentiable or op.samples is None:
            continue
        for i, sample in enumerate(op.samples()):
            sample.note = f"{op.name}-{i}"
            yield pytest.param(op, sample, id=sample.note)


CASES = list(_cases())


def _xfail_known(case_id: str, check: str):
    reason = KNOWN_BUGS.get((case_id, check)) or KNOWN_BUGS.get((case_id.rsplit("-", 1)[0], check))
    if reason:
        pytest.xfail(reason)


def prepare(op, sample):
    """``(fn, inputs)``: fn takes the differentiated tensors and returns the op's differentiable outputs."""
    wanted = sample.grad
    if wanted is None:
        wanted = [i for i, a in enumerate(sample.args) if isinstance(a, (np.ndarray, np.floating)) and a.dtype.kind == "f"]
    fixed = [make(np.array(a)) if isinstance(a, (np.ndarray, np.generic)) else a for a in sample.args]
    inputs = tuple(make(np.array(sample.args[i], dtype=np.float64), requires_grad=True) for i in wanted)

    def build(diff) -> tuple:
        args = list(fixed)
        for i, t in zip(wanted, diff):
            args[i] = sample.wrap[i](t) if i in sample.wrap else t
        return tuple(args)

    def fn(*diff):
        out = call(op, build(diff), dict(sample.params))
        if isinstance(out, tuple):
            return tuple(o for i, o in enumerate(out) if i not in op.nondiff_outputs)
        return out

    fn.build = build
    fn.params = dict(sample.params)
    return fn, inputs


def _outs(fn, inputs) -> tuple:
    out = fn(*inputs)
    return out if isinstance(out, tuple) else (out,)


def _jacobian_rows(fn, inputs) -> list:
    """Reverse-mode Jacobian blocks ``J[j][i]`` of shape (out numel, in numel), one backward per row."""
    outs = _outs(fn, inputs)
    blocks = []
    for o in outs:
        rows = [np.zeros((o.numel(), t.numel())) for t in inputs]
        for r in range(o.numel()):
            go = np.zeros(o.numel())
            go[r] = 1
            gs = grad(o, inputs, make(go.reshape(o.shape)), retain_graph=True, allow_unused=True)
            for i, g in enumerate(gs):
                if g is not None:
                    rows[i][r] = g._data.reshape(-1)
        blocks.append(rows)
    return blocks


@pytest.mark.parametrize("op, sample", CASES)
def test_gradcheck(op, sample):
    _xfail_known(sample.note, "gradcheck")
    fn, inputs = prepare(op, sample)
    assert gradcheck(fn, inputs)


@pytest.mark.parametrize("op, sample", CASES)
def test_gradgradcheck(op, sample):
    _xfail_known(sample.note, "gradgradcheck")
    fn, inputs = prepare(op, sample)
    if op.name in NO_SECOND_DERIVATIVE:
        with pytest.raises(RuntimeError, match=NO_SECOND_DERIVATIVE[op.name]):
            gradgradcheck(fn, inputs)
        return
    assert gradgradcheck(fn, inputs)


@pytest.mark.parametrize("create_graph", [False, True], ids=["numpy", "graph"])
@pytest.mark.parametrize("op, sample", CASES)
def test_batched_backward_equals_rows(op, sample, create_graph):
    """One backward with ``is_grads_batched`` gives the same rows as one backward per grad_output."""
    _xfail_known(sample.note, "batched")
    fn, inputs = prepare(op, sample)
    outs = _outs(fn, inputs)
    rng = np.random.default_rng(7)
    batch = 3
    gos = [rng.standard_normal((batch,) + tuple(o.shape)) for o in outs]
    batched = grad(outs, inputs, [make(g) for g in gos], retain_graph=True, allow_unused=True,
                   is_grads_batched=True, create_graph=create_graph)
    for b in range(batch):
        looped = grad(outs, inputs, [make(g[b]) for g in gos], retain_graph=True, allow_unused=True)
        for i, (gb, gl) in enumerate(zip(batched, looped)):
            if gl is None:
                assert gb is None or not gb._data[b].any()
                continue
            assert gb is not None, f"batched backward lost the gradient of input {i}"
            assert gb.shape == (batch,) + tuple(inputs[i].shape)
            np.testing.assert_allclose(gb._data[b], gl._data, rtol=1e-10, atol=1e-12)


def _forward_jacobian(op, fn, inputs, batched: bool, direct: bool) -> list:
    """Forward-mode Jacobian blocks ``J[j][i]``: one tangent per input element (or all at once)."""
    outs = _outs(fn, inputs)
    blocks = [[np.zeros((o.numel(), t.numel())) for t in inputs] for o in outs]
    for i, inp in enumerate(inputs):
        n = inp.numel()
        basis = np.eye(n).reshape((n,) + tuple(inp.shape))
        tangent_sets = [basis] if batched else [basis[k] for k in range(n)]
        for k, tan in enumerate(tangent_sets):
            with fwAD.dual_level(_nb=1 if batched else 0):
                args = [t.detach() for t in inputs]
                args[i] = fwAD.make_dual(inputs[i].detach(), make(tan))
                if direct:
                    got = _direct_tangents(op, fn, args)
                else:
                    got = [fwAD.unpack_dual(o).tangent for o in _outs(fn, args)]
            for j, (o, t) in enumerate(zip(outs, got)):
                if t is None:
                    continue
                if batched:
                    blocks[j][i][:] = t._data.reshape(n, -1).T
                else:
                    blocks[j][i][:, k] = t._data.reshape(-1)
    return blocks


def _direct_tangents(op, fn, args):
    """Run the op with forward AD paused, then ask its own jvp rule (no fallback) for the tangents."""
    full_args = fn.build(args)
    with fwAD._paused():
        outs = call(op, full_args, dict(fn.params))    # all outputs: a rule may read a non-differentiable one
    outs = outs if isinstance(outs, tuple) else (outs,)
    assert op.jvp is not None
    lv = fwAD._levels[-1]
    tangents = [fwAD.get_tangent(a, lv.index) if isinstance(a, Tensor) else None for a in full_args]
    res = fwAD._direct(op, full_args, fn.params, outs, tangents, lv.nb, False) or (None,) * len(outs)
    return [None if r is None else make(np.ascontiguousarray(fwAD._fit(r, o, lv.nb)._data))
            for i, (r, o) in enumerate(zip(res, outs)) if i not in op.nondiff_outputs]


@pytest.mark.parametrize("batched", [False, True], ids=["one-tangent", "batched-tangents"])
@pytest.mark.parametrize("op, sample", CASES)
def test_forward_mode_equals_reverse_mode(op, sample, batched):
    """The record's jvp rule (or, where the table has none, the double-vjp fallback) against reverse mode."""
    _xfail_known(sample.note, "forward-batched" if batched else "forward")
    fn, inputs = prepare(op, sample)
    reverse = _jacobian_rows(fn, inputs)
    forward = _forward_jacobian(op, fn, inputs, batched, direct=op.jvp is not None)
    for j, (rev_j, fwd_j) in enumerate(zip(reverse, forward)):
        for i, (r, f) in enumerate(zip(rev_j, fwd_j)):
            np.testing.assert_allclose(f, r, rtol=1e-10, atol=1e-12,
                                       err_msg=f"{op.name}: output {j}, input {i}")


def test_records_without_samples_are_the_known_set():
    """A new record must bring samples (or be listed here with the reason it cannot)."""
    no_samples = {name for name, op in OPS.items() if op.samples is None and not name.startswith(("cat.", "stack."))}
    nondiff = {name for name, op in OPS.items() if not op.differentiable}
    assert nondiff == NOT_DIFFERENTIABLE
    assert no_samples - nondiff == WITHOUT_SAMPLES


def test_records_without_a_jvp_rule_say_so():
    """Forward mode falls back to double-vjp only where the record's ``jvp_note`` says why."""
    silent = sorted(name for name, op in OPS.items() if op.differentiable and op.jvp is None and not op.jvp_note)
    assert silent == [], "records without a jvp rule and without a jvp_note"


def _nary_cases():
    import gradcli.engine as ag
    a, b, c = (np.random.default_rng(s).standard_normal(sh) for s, sh in ((1, (2, 3)), (2, (4, 3)), (3, (2, 3))))
    return [
        pytest.param(lambda x, y: ag.cat([x, y], 0), (a, b), id="cat.2-dim0"),
        pytest.param(lambda x, y, z: ag.cat([x, z, x], -1) * ag.cat([y[:2], y[2:], y[:2]], -1), (a, b, c), id="cat.3-dim-1"),
        pytest.param(lambda x, z: ag.stack([x, z], 1), (a, c), id="stack.2-dim1"),
        pytest.param(lambda x, z: ag.stack([z, x, z], -1), (a, c), id="stack.3-dim-1"),
    ]


@pytest.mark.parametrize("fn, arrays", _nary_cases())
def test_cat_and_stack_families(fn, arrays):
    """cat.N / stack.N records are made per arity on demand, so they have no samples: check them here."""
    from gradcli.engine.autograd import functional as F
    inputs = tuple(make(x.copy(), requires_grad=True) for x in arrays)
    assert gradcheck(fn, inputs)
    assert gradgradcheck(fn, inputs)
    rows = F.jacobian(fn, inputs)
    for vectorized in (F.jacobian(fn, inputs, vectorize=True),
                       F.jacobian(fn, inputs, vectorize=True, strategy="forward-mode")):
        for r, v in zip(rows, vectorized):
            np.testing.assert_allclose(v._data, r._data, rtol=1e-12, atol=1e-12)
