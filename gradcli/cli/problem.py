"""An expression with its ``--at`` inputs, in a language session: what most commands work on.

The inputs become leaves that require grad, bound as script variables; the
expression (possibly several statements) is run and its last expression is
the output. Derivatives are then one call on the engine's autograd.
"""
from __future__ import annotations

import contextlib
import re
import sys
import warnings

from . import code_cache, inputs as _inputs
from .errors import EXIT_FAILURE, EXIT_USAGE, CliError
from .output import DEFAULT_MAX_OUTPUT, ScriptOutput, script_stderr, terminal_safe


# --grad-output NAME alone: a tensor of the output's shape made by this torch function
SHAPED_BY_NAME = {"ones": "ones", "zeros": "zeros", "randn": "randn", "rand": "rand"}


def _holds_tensor(value, tensor_type) -> bool:
    return any(isinstance(v, tensor_type) or (isinstance(v, (list, tuple)) and _holds_tensor(v, tensor_type))
               for v in value)


def limits_of(timeout: float | None, max_elements: int | None, max_memory: int | None):
    """The language's Limits with the options given on the command line (defaults otherwise)."""
    from ..lang import Limits
    given = {"timeout": timeout, "max_elements": max_elements,
             "max_memory": None if max_memory is None else max_memory << 20}
    return Limits(**{name: value for name, value in given.items() if value is not None})


def problem_for(out, expr, at: list, dtype: str | None, file=None, stdout=None, bound: tuple = (), limits=None):
    """Read the source (EXPR, '-' or FILE) and open its Problem; the opening most commands share.
    With --json, what the script prints goes to stderr so that stdout stays one JSON document; what
    it prints is bounded and terminal-safe as in ``run``."""
    source, filename = _inputs.read_source(expr, file)
    out.source = source
    stdout = ScriptOutput(stdout or (sys.stderr if out.json else sys.stdout), DEFAULT_MAX_OUTPUT,
                          "print less (gradcli run takes --max-output CHARACTERS)")
    return open_problem(source, filename, at, dtype, stdout=stdout, bound=bound, limits=limits)


@contextlib.contextmanager
def open_problem(source: str, filename: str, at: list, dtype: str | None = None, stdout=None,
                 bound: tuple = (), limits=None):
    """A Problem whose engine default dtype is restored afterwards (``--dtype`` is per command). numpy's
    floating-point notices stay silent, as in scripts: torch computes the same inf and nan without a word
    (``--at x=1e40``, ``plot x**2 --x 0:1e30`` named a file of the engine)."""
    from .. import engine as torch
    from ..lang.session import ignore_numpy_float_notices
    previous = torch.get_default_dtype()
    with warnings.catch_warnings():
        ignore_numpy_float_notices()
        try:
            if dtype is not None:     # the CLI's own tensors (inputs, bases) use it too, not only the script
                torch.set_default_dtype(getattr(torch, dtype))
            yield Problem(source, filename, at, dtype, stdout, bound, limits)
        finally:
            torch.set_default_dtype(previous)


def warn_constant_output() -> None:
    """A gradient of 0 that comes from a cut graph, not from the formula, deserves a word."""
    sys.stderr.write("warning: the output does not depend on any input that requires grad (a detach(), a "
                     "comparison, .item() or no_grad cut the graph), so every gradient is 0\n")


def show_warnings(session) -> None:
    """The engine's warnings of the last run (the session collects them, each once with its count;
    the CLI prints them)."""
    for text in session.warnings:
        sys.stderr.write(terminal_safe(f"warning: {text}", sys.stderr) + "\n")


def _likely_typos(names) -> dict:
    """Missing names that look like a misspelt function or constant ('sigmod' -> 'sigmoid')."""
    import difflib
    from ..lang.namespace import known_names
    known = sorted(known_names())
    found = {}
    for name in names:
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.8)
        if close and len(name) > 2:
            found[name] = close[0]
    return found


class Problem:
    def __init__(self, source: str, filename: str, at: list, dtype: str | None = None, stdout=None,
                 bound: tuple = (), limits=None):
        """``bound`` names variables the command itself provides (``x`` for ``plot``); ``limits``
        are the language's (defaults when None)."""
        from ..lang import Session, free_variables
        from ..lang.namespace import NUMPY_NAMES, numpy_hint
        from .. import engine as torch
        self.torch = torch
        self.source = source
        self.filename = filename
        self.session = Session(stdout=stdout, dtype=dtype, limits=limits)
        code_cache.note_group("language", "gradcli.lang")     # what every session needs (see code_cache)
        self.stdout = stdout
        self.inputs = {}
        for text in at:
            name, value_text = _inputs.split_assignment(text)
            if name in self.inputs:
                raise CliError(f"--at {name}= is given twice: give each input once")
            value = _inputs.load_value(self.session, name, value_text)
            leaf = _inputs.as_leaf(value, torch)
            self.session.set(name, leaf)
            self.inputs[name] = leaf
        missing = [n for n in free_variables(source, filename) if n not in self.inputs and n not in bound]
        numpy = [n for n in missing if n in NUMPY_NAMES]
        if numpy:
            used = re.search(rf"\b{numpy[0]}\.(\w+)", source)
            raise CliError(numpy_hint(used.group(1) if used else None))
        if missing:
            hints = " ".join(f"--at {n}=VALUE" for n in missing)
            typos = _likely_typos(missing)
            guess = "".join(f"; did you mean '{known}' for '{name}'?" for name, known in typos.items())
            raise CliError(f"no value for {', '.join(missing)}: give {'it' if len(missing) == 1 else 'them'} "
                           f"with {hints}{guess}")

    def evaluate(self):
        """Run the source; its last expression, as a tensor, is the output."""
        value = self._run()
        show_warnings(self.session)
        if value is None:
            raise CliError("the expression has no value: its last statement must be an expression",
                           EXIT_FAILURE, "value")
        if isinstance(value, self.torch.Tensor):
            return value
        if isinstance(value, (list, tuple)) and _holds_tensor(value, self.torch.Tensor):
            return self._stacked(value)
        try:
            return self.torch.tensor(value)
        except (TypeError, ValueError):
            raise CliError(f"the output is a {type(value).__name__}, not a tensor or a number",
                           EXIT_FAILURE, "type") from None

    def _stacked(self, value):
        """A list or tuple holding tensors as one tensor that keeps their graph: ``torch.tensor`` would copy
        their values and cut it (``(x, x * 2)`` had a Jacobian of zeros)."""
        torch = self.torch
        parts = [v if isinstance(v, torch.Tensor) else self._stacked(v) if isinstance(v, (list, tuple))
                 else torch.tensor(v) for v in value]
        try:
            return torch.stack(parts)
        except (RuntimeError, TypeError) as err:
            raise CliError(f"the output is a {type(value).__name__} of values that do not stack into one tensor "
                           f"({err}); make it one tensor", EXIT_FAILURE, "value") from None

    def curves(self, name: str, grid, order: int) -> list:
        """[("f", f(x)), ("f'", f'(x)), ...] on the points ``grid`` for an elementwise f of ``name``."""
        torch = self.torch
        x = torch.tensor(grid).to(torch.get_default_dtype()).requires_grad_(True)
        self.session.set(name, x)
        y = self.evaluate()
        if tuple(y.shape) != tuple(x.shape):
            raise CliError(f"plot needs a function applied elementwise to {name}: got shape {list(y.shape)} "
                           f"for {len(grid)} points", EXIT_FAILURE, "value")
        result = [("f", y.detach())]
        current = y
        for k in range(1, order + 1):
            if not current.requires_grad:
                current = torch.zeros_like(x)
            else:
                current = torch.autograd.grad(current.sum(), x, create_graph=k < order,
                                              allow_unused=True, materialize_grads=True)[0]
            result.append(("f" + "'" * k, current.detach()))
        return result

    def output_named(self, name: str | None) -> tuple:
        """(tensor, name) of the graph's root: the variable ``name``, or the last expression's value."""
        if name is None:
            value = self._run()
            if value is None:
                raise CliError("the script does not end with an expression: say which variable to show "
                               "with --output NAME", EXIT_USAGE)
        else:
            self._run()
            value = self.variables().get(name)
            if value is None:
                known = ", ".join(n for n, v in self.variables().items() if isinstance(v, self.torch.Tensor))
                raise CliError(f"--output {name}: no such variable (tensors: {known or 'none'})")
        if not isinstance(value, self.torch.Tensor):
            raise CliError(f"the output is a {type(value).__name__}, not a tensor", EXIT_FAILURE, "type")
        return value, name

    def _run(self):
        """Run the source; what it writes to stderr shares its prints' budget (when they have one)."""
        if not isinstance(self.stdout, ScriptOutput):
            return self.session.run(self.source, self.filename)
        with script_stderr(self.stdout):
            return self.session.run(self.source, self.filename)

    def variables(self) -> dict:
        return self.session.variables()

    def wrt(self, names: str | None) -> dict:
        """The inputs to differentiate against: all of them, or those named in ``--wrt a,b``."""
        if names is None:
            if not self.inputs:
                raise CliError("nothing to differentiate against: give inputs with --at NAME=VALUE")
            return dict(self.inputs)
        chosen = {}
        for name in (n.strip() for n in names.split(",") if n.strip()):
            if name not in self.inputs:
                known = ", ".join(self.inputs) or "none"
                raise CliError(f"--wrt {name}: not an input given with --at (inputs: {known})")
            chosen[name] = self.inputs[name]
        if not chosen:
            raise CliError("--wrt needs at least one input name")
        return chosen

    def grad_output(self, output, text: str | None):
        """The vector for the vector-Jacobian product: required for a non-scalar output."""
        torch = self.torch
        if text is None:
            if output.numel() != 1:
                raise CliError(
                    f"the output has shape {list(output.shape)}, not a scalar: use `gradcli jacobian` for "
                    "every derivative, or give --grad-output ones (or a tensor of that shape) "
                    "for a vector-Jacobian product", EXIT_USAGE)
            return None
        maker = SHAPED_BY_NAME.get(text.strip())
        if maker is not None:          # a bare `ones`, `zeros`, `randn`, `rand`: of the output's shape
            return getattr(torch, maker)(*output.shape, dtype=output.dtype)
        value = _inputs.load_value(self.session, "grad_output", text, "--grad-output")
        if callable(value) and not isinstance(value, torch.Tensor):
            raise CliError(f"--grad-output {text}: give a value (a tensor of the output's shape "
                           f"{list(output.shape)}, a number, or ones/zeros/randn/rand), not a function", EXIT_USAGE)
        g = value.detach() if isinstance(value, torch.Tensor) else torch.tensor(value)
        if g.numel() != 1 and tuple(g.shape) != tuple(output.shape):
            raise CliError(f"--grad-output has shape {list(g.shape)}, but the output has shape {list(output.shape)}",
                           EXIT_USAGE)
        g = g.reshape(()).expand(output.shape) if g.numel() == 1 else g     # [1] for a 0-d output too
        # a complex vector for a real output (or the reverse) is left to torch's refusal: a cast would
        # drop its imaginary part, with numpy's warning naming gradcli's source
        return g if g.is_complex() != output.is_complex() else g.to(output.dtype)

    def gradients(self, output, wrt: dict, grad_output=None, create_graph: bool = False) -> dict:
        torch = self.torch
        if not output.requires_grad:
            warn_constant_output()
            return {name: torch.zeros_like(x) for name, x in wrt.items()}
        grads = self.within_limits(lambda: torch.autograd.grad(
            output, list(wrt.values()), grad_output, create_graph=create_graph, allow_unused=True,
            materialize_grads=True))
        return dict(zip(wrt, grads))

    def _batched_inputs(self, batch: str) -> list:
        """The inputs named in --per-sample, checked: each has a first dim, the same for all."""
        batched = [n.strip() for n in batch.split(",") if n.strip()]
        if not batched:
            raise CliError("--per-sample needs the names of the batched inputs", EXIT_USAGE)
        for name in batched:
            if name not in self.inputs:
                raise CliError(f"--per-sample {name}: not an input given with --at (inputs: "
                               f"{', '.join(self.inputs) or 'none'})", EXIT_USAGE)
            if self.inputs[name].ndim == 0:
                raise CliError(f"--per-sample {name}: a 0-d input has no batch dim", EXIT_USAGE)
        sizes = {name: self.inputs[name].shape[0] for name in batched}
        if len(set(sizes.values())) > 1:
            raise CliError(f"--per-sample: the batched inputs differ in their first dim: {sizes}", EXIT_USAGE)
        return batched

    def first_example(self, batch: str) -> tuple:
        """Bind the inputs named in --per-sample to their first example: (batch size, {name: example})."""
        examples = {}
        for name in self._batched_inputs(batch):
            x = self.inputs[name]
            examples[name] = x[0].detach().requires_grad_(x.requires_grad)
            self.session.set(name, examples[name])
        return self.inputs[next(iter(examples))].shape[0], examples

    def per_sample_gradients(self, batch: str, names: str | None) -> tuple:
        """(each example's loss, {name: each example's gradient}): ``torch.func.vmap(grad(loss))``
        over the first dim of the inputs named in ``batch``; the others are shared by every example
        and, unless ``names`` (--wrt) says otherwise, are what the gradients are taken against."""
        batched = self._batched_inputs(batch)
        wrt = self.wrt(names) if names is not None else {n: x for n, x in self.inputs.items() if n not in batched}
        if not wrt:
            raise CliError("--per-sample: every input is batched; say which to differentiate against with --wrt",
                           EXIT_USAGE)
        order = list(self.inputs)
        f = self.as_function(self.inputs)
        func = self.torch.func
        per_example = func.vmap(func.grad_and_value(f, argnums=tuple(order.index(n) for n in wrt)),
                                in_dims=tuple(0 if n in batched else None for n in order))
        with self.memory_cap():
            grads, losses = per_example(*self.inputs.values())
        return losses.detach(), {name: g.detach() for name, g in zip(wrt, grads)}

    def as_function(self, wrt: dict, check_output=None):
        """The source as a function of the inputs in ``wrt`` (what the engine's functional API calls).
        ``f.last`` keeps the latest output, so the value shown is the one that was differentiated;
        ``check_output(output)`` runs on each one before the caller builds anything from it."""
        names = list(wrt)

        def f(*xs):
            for name, x in zip(names, xs):
                self.session.set(name, x)
            f.last = self.evaluate()
            if check_output is not None:
                check_output(f.last)
            return f.last
        return f

    def within_limits(self, work):
        """``work()`` under the run's limits (time, tensor size, memory) with its warnings shown: an
        analysis the command does itself outside ``session.run`` that runs none (a backward pass runs
        the script's hooks, which ran past the element limit there)."""
        try:
            return self.session.within_limits(work, self.filename)
        finally:
            show_warnings(self.session)

    def memory_cap(self):
        """The run's memory cap around an analysis the command does itself (outside ``session.run``)."""
        from ..lang.limits import memory_cap
        return memory_cap(self.session.limits)

    def check_jacobian_size(self, output, wrt: dict, what: str = "the Jacobian") -> None:
        """Refuse a Jacobian too large to build, before building it: the batched backward carries
        one gradient of every input per output element, and starts from an identity of
        output x output elements (``x.sum() * torch.ones(15000)`` would need 225,000,000)."""
        n_out = output.numel()
        n_in = sum(x.numel() for x in wrt.values())
        needed = n_out * max(n_out, n_in)
        limit = self.session.limits.max_elements
        if needed > limit:
            raise CliError(f"{what} of an output of {n_out} elements and inputs of {n_in} elements would need "
                           f"{needed} elements, more than the limit of {limit}; make the output or inputs smaller "
                           "or raise --max-elements", EXIT_FAILURE, "limit")

    def check_jacobian_output(self, output, wrt: dict) -> None:
        """A real output of a size the Jacobian can be built for."""
        _refuse_complex_output(output, "a Jacobian")
        self.check_jacobian_size(output, wrt)

    def jacobians(self, wrt: dict, forward: bool = False) -> tuple:
        """(output, {name: d output / d x}) with each Jacobian shaped ``output.shape + x.shape``:
        one batched backward, or with ``forward`` one forward pass carrying a batch of tangents."""
        f = self.as_function(wrt, lambda output: self.check_jacobian_output(output, wrt))
        if forward:
            # forward mode pushes every tangent through at once: learn the output's size first, with a
            # plain evaluation, so a Jacobian too large is refused before the tangents exist
            printed, self.session.stdout = self.session.stdout, _Discard()     # its prints come once, below
            try:
                with self.torch.no_grad():
                    f(*wrt.values())
            finally:
                self.session.stdout = printed
        with self.memory_cap():
            jac = self.torch.autograd.functional.jacobian(
                f, tuple(wrt.values()), vectorize=True, strategy="forward-mode" if forward else "reverse-mode")
        # a forward-mode tangent of an input that requires grad is on its graph (as torch's): the numbers
        # are what the command shows, the same in both modes
        return f.last, {name: j.detach() for name, j in zip(wrt, jac)}

    def hessians(self, wrt: dict) -> tuple:
        """(output, {a: {b: d2 output / da db}}): one create_graph backward, then one batched backward."""
        f = self.as_function(wrt)
        n_in = sum(x.numel() for x in wrt.values())
        limit = self.session.limits.max_elements
        if n_in * n_in > limit:
            raise CliError(f"the Hessian of inputs of {n_in} elements would have {n_in * n_in} elements, more than "
                           f"the limit of {limit}; make the inputs smaller or raise --max-elements",
                           EXIT_FAILURE, "limit")
        output = f(*wrt.values())
        _refuse_complex_output(output, "a Hessian")
        if output.numel() != 1:
            raise CliError(f"the Hessian needs a scalar output; this one has shape {list(output.shape)} "
                           "(try `gradcli jacobian`)", EXIT_USAGE)
        with self.memory_cap():
            hess = self.torch.autograd.functional.hessian(f, tuple(wrt.values()), vectorize=True)
        return f.last, {a: dict(zip(wrt, row)) for a, row in zip(wrt, hess)}


def _refuse_complex_output(output, what: str) -> None:
    """A complex output has no Jacobian or Hessian in torch's convention (its vectorized reverse mode
    gives zeros for one, jacrev and the plain loop refuse it)."""
    if output.is_complex():
        raise CliError(f"the expression's value is complex ({str(output.dtype).replace('torch.', '')}); {what} "
                       "needs a real output: differentiate its real part, its imaginary part or its abs(), e.g. "
                       "`(EXPR).real`", EXIT_USAGE)


class _Discard:
    """A stream that keeps nothing (a trial evaluation's prints)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        """Nothing is kept, so nothing to flush."""
