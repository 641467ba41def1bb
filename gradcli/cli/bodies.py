"""What each command does once Typer has parsed its options, without Typer.

The Typer functions in ``commands`` call these with plain values (strings, numbers, lists: enum
options as their values, paths as strings), so that a supervised worker can run them while its
supervisor parses the command line with Typer (see ``worker.run_split``): the worker then
never imports Typer, and the supervisor never imports numpy.
"""
from __future__ import annotations

import math
import sys

from .errors import EXIT_FAILURE, CliError
from .inputs import read_file
from .oneshot import run_grad as grad  # noqa: F401  (the same body as the fast path's)
from .output import Output, Relay, terminal_safe
from .problem import limits_of, problem_for


def _problem(out: Output, expr, at, dtype, file=None, stdout=None, bound: tuple = (), limits=None):
    """Read the source, bind the inputs: the opening every expression command shares."""
    return problem_for(out, expr, at or [], dtype, file, stdout, bound, limits)


# -- derivatives ----------------------------------------------------------------------------------

def jacobian(expr, at, wrt, mode: str, dtype, json_output: bool, debug: bool, timeout, max_elements,
             max_memory) -> None:
    from ..report import derivatives_view as view
    out = Output(json_output, debug)
    limits = limits_of(timeout, max_elements, max_memory)
    with out.guard(), _problem(out, expr, at, dtype, limits=limits) as problem:
        y, jac = problem.jacobians(problem.wrt(wrt), forward=mode == "forward")
        out.show(view.jacobian_doc(y, jac), view.jacobian_json(y, jac))


def hessian(expr, at, wrt, dtype, json_output: bool, debug: bool, timeout, max_elements, max_memory) -> None:
    from ..report import derivatives_view as view
    out = Output(json_output, debug)
    limits = limits_of(timeout, max_elements, max_memory)
    with out.guard(), _problem(out, expr, at, dtype, limits=limits) as problem:
        inputs = problem.wrt(wrt)
        y, hess = problem.hessians(inputs)
        shapes = {name: tuple(x.shape) for name, x in inputs.items()}
        out.show(view.hessian_doc(y, hess, shapes), view.hessian_json(y, hess))


# -- graph and backward pass ----------------------------------------------------------------------

def graph(expr, file, at, format: str, output, out_file, by_module: bool, per_sample, dtype, json_output: bool,
          debug: bool) -> None:
    from ..report import graph_view
    from ..report.graph import build_graph, mark_batch
    as_json = json_output or format == "json"
    out = Output(as_json, debug)
    drawing = format in ("dot", "mermaid")   # stdout is the drawing only
    relay = Relay(sys.stderr if drawing or as_json else sys.stdout)
    with out.guard(), _problem(out, expr, at, dtype, file, stdout=relay) as problem:
        batch = problem.first_example(per_sample) if per_sample is not None else None
        if by_module:
            from ..engine.nn.module import record_module_calls
            with record_module_calls() as calls:
                root, name = problem.output_named(output)
        else:
            root, name, calls = *problem.output_named(output), None
        g = build_graph(root, problem.variables(), name, calls)
        if batch is not None:
            mark_batch(g, *batch)
        if out_file is not None:
            from pathlib import Path

            from .graph_files import write_graph
            sys.stdout.write(write_graph(Path(out_file), g, problem.source,
                                         lambda: _recorded_pass(problem, root, relay)) + "\n")
        elif format == "dot":
            sys.stdout.write(terminal_safe(graph_view.to_dot(g), sys.stdout))
        elif format == "mermaid":
            sys.stdout.write(terminal_safe(graph_view.to_mermaid(g), sys.stdout))
        else:
            out.show(graph_view.tree_doc(g), {"graph": graph_view.graph_json(g)})


def _recorded_pass(problem, root, relay):
    """The backward pass from ``root``, recorded step by step (what ``trace`` shows), with what the
    script's hooks print during it (the page showed none: it went to the terminal)."""
    from .. import engine
    from ..report.backward_trace import Recorder
    recorder = Recorder(root, problem.variables())
    start = engine.ones_like(root)
    relay.target = recorder
    return problem.within_limits(lambda: recorder.run(start, engine))


def trace(expr, file, at, grad_output, dtype, json_output: bool, debug: bool, timeout, max_elements,
          max_memory) -> None:
    from .. import engine
    from ..report import trace_view
    from ..report.backward_trace import Recorder
    out = Output(json_output, debug)
    relay = Relay(sys.stderr if json_output else sys.stdout)
    limits = limits_of(timeout, max_elements, max_memory)
    with out.guard(), _problem(out, expr, at, dtype, file, stdout=relay, limits=limits) as problem:
        y = problem.evaluate()
        if not y.requires_grad:
            raise CliError("the output does not depend on any input that requires grad: nothing to trace",
                           EXIT_FAILURE, "value")
        start = problem.grad_output(y, grad_output)
        recorder = Recorder(y, problem.variables())
        relay.target = recorder
        recorded = problem.within_limits(lambda: recorder.run(start if start is not None else engine.ones_like(y),
                                                              engine))
        out.show(trace_view.trace_doc(recorded), trace_view.trace_json(recorded))


def check(expr, file, at, eps: float, atol: float, rtol: float, top: int, json_output: bool, debug: bool,
          timeout, max_elements, max_memory) -> None:
    from ..report import check_view
    from .check import run_check
    out = Output(json_output, debug)
    with out.guard(), _problem(out, expr, at, "float64", file,
                               limits=limits_of(timeout, max_elements, max_memory)) as problem:
        result = run_check(problem, eps, atol, rtol, top)
        shapes = {name: tuple(x.shape) for name, x in problem.inputs.items()}
        out.show(check_view.check_doc(result, tuple(problem.evaluate().shape), shapes),
                 check_view.check_json(result))
    if not result.passed:
        failed = ", ".join(c.name for c in result.checks if not c.passed)
        sys.stderr.write(f"check: {failed} FAILED (analytical and numerical derivatives disagree; table above)\n")
        raise SystemExit(EXIT_FAILURE)


# -- scripts ----------------------------------------------------------------------------------------

def run(sources: list, keep_going: bool, timeout, max_elements, max_memory, max_output: int, max_source: int,
        dtype, debug: bool) -> None:
    """``sources``: (name, CODE or None to read the file) pairs."""
    from .scripts import run_scripts
    limits = limits_of(timeout, max_elements, max_memory)
    raise SystemExit(run_scripts([tuple(s) for s in sources], keep_going, dtype, limits, debug, max_output,
                                 max_source))


def plot(expr, x: str, points: int, order: int, out_file, at, dtype, json_output: bool, debug: bool) -> None:
    import numpy as np

    from ..report import plot_view
    out = Output(json_output, debug)
    with out.guard(), _problem(out, expr, at, dtype, bound=("x",)) as problem:
        start, stop = _range(x)
        if max(-start, stop) > FLOAT32_MAX and problem.torch.get_default_dtype() == problem.torch.float32:
            # x would be inf past float32's range: a blank plot, exit 0
            raise CliError(f"--x {x}: past float32's range (±3.4e+38); plot it with --dtype float64")
        grid = np.linspace(start, stop, points)
        _refuse_repeated_points(x, grid, problem.torch.get_default_dtype() == problem.torch.float32)
        curves = [(label, values.numpy()) for label, values in problem.curves("x", grid, order)]
        out.show(plot_view.plot_doc(grid, curves), plot_view.plot_json(grid, curves))   # first: a failed save keeps it
        if out_file is not None:
            try:
                plot_view.save_figure(grid, curves, out_file)
            except ImportError:
                raise CliError("saving a figure needs matplotlib: pip install 'gradcli[plot]' (the plot above is "
                               "the terminal's)", EXIT_FAILURE, "missing") from None
            except (OSError, ValueError) as err:
                raise CliError(f"cannot save {out_file}: {err}", EXIT_FAILURE, "io") from None


FLOAT32_MAX = 3.4028234663852886e38


def _refuse_repeated_points(text: str, grid, float32: bool) -> None:
    """The points must stay distinct in the run's dtype: --x 1e-300:1e-299 is all zeros in float32, and
    the plot drew f(x) = x as a flat 0 under axis labels from 1e-300 to 1e-299 (exit 0)."""
    import numpy as np
    if np.all(np.diff(grid.astype(np.float32) if float32 else grid) > 0):
        return
    hint = "plot it with --dtype float64" if float32 else "make the range wider or use fewer --points"
    raise CliError(f"--x {text}: its {len(grid)} points are not distinct numbers in "
                   f"{'float32' if float32 else 'float64'} (the range is too narrow for them); {hint}")


def _range(text: str) -> tuple:
    try:
        start, stop = (float(v) for v in text.split(":"))
    except ValueError:
        raise CliError(f"--x expects START:STOP such as 0:6.28, got {text!r}") from None
    if math.isfinite(start) and math.isfinite(stop) and not start < stop:    # (nan is not finite)
        raise CliError(f"--x {text}: START must be less than STOP")
    if not math.isfinite(stop - start):      # nan, inf, or a width past float64 (numpy's warnings and no plot)
        raise CliError(f"--x {text}: START and STOP must be finite numbers")
    return start, stop


def profile(file: str, sort_by: str, limit, dtype, json_output: bool, debug: bool, timeout, max_elements,
            max_memory) -> None:
    from ..report import profile_view
    from .scripts import profile_script
    out = Output(json_output, debug)
    with out.guard():
        source = read_file(file)
        out.source = source
        # stdout is the table (or the JSON): what the script prints goes to stderr
        averages = profile_script(source, file, dtype, sys.stderr, limits_of(timeout, max_elements, max_memory))
        out.show(profile_view.profile_doc(averages, sort_by, limit), profile_view.profile_json(averages))


# -- reference -------------------------------------------------------------------------------------

def ops(name, json_output: bool, debug: bool) -> None:
    from ..report import ops_view
    from .reference import find_op, op_table
    out = Output(json_output, debug)
    with out.guard():
        if name is None:
            table = op_table()
            names = sorted(table, key=lambda n: (n.startswith("_"), n))   # torch's public names first
            out.show(ops_view.ops_doc(table), {"ops": [ops_view.op_json(table[n]) for n in names]})
        else:
            op = find_op(name)
            out.show(ops_view.op_doc(op), ops_view.op_json(op))
