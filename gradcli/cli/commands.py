"""The ``gradcli`` Typer app: one thin function per command over ``gradcli.lang`` and ``gradcli.report``.

Each command reads its input, makes one or two library calls and hands the
result to a renderer; ``Output.guard`` turns any failure into a message on
stderr and an exit code (0 success, 1 error in the expression or script or a
failed check, 2 usage or parse error). Heavy imports happen inside the
commands, so ``gradcli grad`` never loads Rich, prompt_toolkit or matplotlib
when it does not need them.

No ``from __future__ import annotations`` here: Typer reads every parameter's annotation, and
string annotations would be compiled anew at each start (a millisecond of ``eval``).
"""
import copy
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from .. import __version__
from .errors import EXIT_FAILURE, CliError
from .inputs import MAX_SOURCE_BYTES, read_file
from .options import (At, Debug, Dtype, DtypeOpt, Expr, ExprCommand, Json, MaxElements, MaxMemory, ScriptFile, Timeout,
                      Wrt, dtype_name, positive)
from .output import DEFAULT_MAX_OUTPUT, Output
from .problem import limits_of

app = typer.Typer(
    name="gradcli", no_args_is_help=False, add_completion=True, rich_markup_mode=None,
    help="Differentiate tensor expressions: values, gradients, Jacobians, Hessians, graphs and backward "
         "passes, with torch.autograd's behaviour and names.",
    context_settings={"help_option_names": ["-h", "--help"]})


def _version(flag: bool) -> None:
    if flag:
        typer.echo(f"gradcli {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def main_callback(
        ctx: typer.Context,
        version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                              help="Print the version and exit.")] = False) -> None:
    """With no command: the REPL on a terminal, else standard input runs as a script."""
    if ctx.invoked_subcommand is not None:
        return
    if sys.stdin.isatty():
        from .repl import run_repl
        run_repl()
    else:
        ctx.invoke(run, files=[Path("-")])


def _problem(out: Output, expr, at, dtype, file: Optional[Path] = None, stdout=None, bound: tuple = (),
             limits=None):
    """Read the source, bind the inputs: the opening every expression command shares."""
    from .problem import problem_for
    return problem_for(out, expr, at or [], dtype_name(dtype), file, stdout, bound, limits)


# -- derivatives ----------------------------------------------------------------------------------

@app.command(cls=ExprCommand)
def grad(expr: Expr = None, file: ScriptFile = None, at: At = None,
         wrt: Wrt = None,
         grad_output: Annotated[Optional[str], typer.Option(
             "--grad-output", metavar="VALUE", show_default=False,
             help="The vector of a vector-Jacobian product ('ones' or any VALUE) for a non-scalar output.")] = None,
         create_graph: Annotated[bool, typer.Option(help="Build a graph of the gradient (for higher derivatives).")] = False,
         per_sample: Annotated[Optional[str], typer.Option(
             "--per-sample", metavar="NAMES", show_default=False,
             help="EXPR is the loss of one example; these inputs hold a batch of examples along their first "
                  "dim: print each example's loss and gradient (torch.func.vmap(grad(loss))).")] = None,
         dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False,
         timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Print the value of EXPR and its gradient with respect to each input.

    Example: gradcli grad 'exp(a*b) + e' --at a=2 --at b=0.5 --at e=1
    """
    from .oneshot import run_grad
    run_grad(expr, at or [], wrt, grad_output, create_graph, dtype_name(dtype), json_output, debug, file,
             timeout, max_elements, max_memory, per_sample)


class Mode(str, Enum):
    reverse = "reverse"
    forward = "forward"


@app.command(cls=ExprCommand)
def jacobian(expr: Expr = None, at: At = None, wrt: Wrt = None,
             mode: Annotated[Mode, typer.Option(help="Reverse mode (one batched backward) or forward mode.")] = Mode.reverse,
             dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False,
             timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Print the Jacobian of EXPR with respect to each input, shaped output.shape + input.shape.

    Example: gradcli jacobian 'x**2' --at x=[1,2,3]
    """
    from ..report import derivatives_view as view
    out = Output(json_output, debug)
    limits = limits_of(timeout, max_elements, max_memory)
    with out.guard(), _problem(out, expr, at, dtype, limits=limits) as problem:
        y, jac = problem.jacobians(problem.wrt(wrt), forward=mode is Mode.forward)
        out.show(view.jacobian_doc(y, jac), view.jacobian_json(y, jac))


@app.command(cls=ExprCommand)
def hessian(expr: Expr = None, at: At = None, wrt: Wrt = None, dtype: DtypeOpt = None,
            json_output: Json = False, debug: Debug = False,
            timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Print the Hessian of a scalar EXPR for every pair of inputs, shaped a.shape + b.shape.

    Example: gradcli hessian 'x[0]**2 * x[1]' --at x=[1,2]
    """
    from ..report import derivatives_view as view
    out = Output(json_output, debug)
    limits = limits_of(timeout, max_elements, max_memory)
    with out.guard(), _problem(out, expr, at, dtype, limits=limits) as problem:
        inputs = problem.wrt(wrt)
        y, hess = problem.hessians(inputs)
        shapes = {name: tuple(x.shape) for name, x in inputs.items()}
        out.show(view.hessian_doc(y, hess, shapes), view.hessian_json(y, hess))


# -- graph and backward pass ----------------------------------------------------------------------

class GraphFormat(str, Enum):
    tree = "tree"
    dot = "dot"
    mermaid = "mermaid"
    json = "json"


@app.command(cls=ExprCommand)
def graph(expr: Expr = None, file: ScriptFile = None, at: At = None,
          format: Annotated[GraphFormat, typer.Option("--format", "-F", help="tree, dot (Graphviz), mermaid or json.")]
          = GraphFormat.tree,
          output: Annotated[Optional[str], typer.Option(
              "--output", "-o", metavar="NAME", show_default=False,
              help="The variable whose graph to show (default: the value of the last expression).")] = None,
          out_file: Annotated[Optional[Path], typer.Option(
              "--out", metavar="FILE", show_default=False,
              help="Write the graph to FILE: .svg or .html (the script beside the graph, with the backward pass "
                   "step by step) need nothing; .png/.pdf need Graphviz's dot.")] = None,
          by_module: Annotated[bool, typer.Option(
              "--by-module", help="Mark each node with the module call (nn.Module) that made it.")] = False,
          per_sample: Annotated[Optional[str], typer.Option(
              "--per-sample", metavar="NAMES", show_default=False,
              help="These inputs hold a batch along their first dim (as for vmap): show the graph of the first "
                   "example, the batch dim marked [B, ...].")] = None,
          dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False) -> None:
    """Show the backward graph from the output to the leaves, with saved tensors and their versions.

    Example: gradcli graph 'y = (x * 2).exp(); y.sum()' --at x=[1,2]
    """
    from ..report import graph_view
    from ..report.graph import build_graph, mark_batch
    as_json = json_output or format is GraphFormat.json
    out = Output(as_json, debug)
    drawing = format in (GraphFormat.dot, GraphFormat.mermaid)   # stdout is the drawing only
    with out.guard(), _problem(out, expr, at, dtype, file, stdout=sys.stderr if drawing else None) as problem:
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
            from .graph_files import write_graph
            sys.stdout.write(write_graph(out_file, g, problem.source, lambda: _recorded_pass(problem, root)) + "\n")
        elif format is GraphFormat.dot:
            sys.stdout.write(graph_view.to_dot(g))
        elif format is GraphFormat.mermaid:
            sys.stdout.write(graph_view.to_mermaid(g))
        else:
            out.show(graph_view.tree_doc(g), {"graph": graph_view.graph_json(g)})


def _recorded_pass(problem, root):
    """The backward pass from ``root``, recorded step by step (what ``trace`` shows)."""
    from .. import engine
    from ..report.backward_trace import Recorder
    recorder = Recorder(root, problem.variables())
    start = engine.ones_like(root)
    return recorder.run(start, engine)


@app.command(cls=ExprCommand)
def trace(expr: Expr = None, file: ScriptFile = None, at: At = None,
          grad_output: Annotated[Optional[str], typer.Option(
              "--grad-output", metavar="VALUE", show_default=False,
              help="The gradient to start from for a non-scalar output ('ones' or any VALUE).")] = None,
          dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False,
          timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Run the backward pass step by step: order, incoming gradients, what each node passes on,
    accumulation into each leaf's .grad, and what the script's hooks print.

    Example: gradcli trace 'C = A**2; D = B**2; E = C*D; D + E' --at A=[3.] --at B=[2.]
    """
    from .. import engine
    from ..report import trace_view
    from ..report.backward_trace import Recorder
    from .output import Relay
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
        recorded = recorder.run(start if start is not None else engine.ones_like(y), engine)
        out.show(trace_view.trace_doc(recorded), trace_view.trace_json(recorded))


@app.command(cls=ExprCommand)
def check(expr: Expr = None, file: ScriptFile = None, at: At = None,
          eps: Annotated[float, typer.Option(help="Finite-difference step (positive).", callback=positive)] = 1e-6,
          atol: Annotated[float, typer.Option(help="Absolute tolerance.")] = 1e-5,
          rtol: Annotated[float, typer.Option(help="Relative tolerance.")] = 1e-3,
          top: Annotated[int, typer.Option(help="Rows of the table of largest differences.")] = 10,
          json_output: Json = False, debug: Debug = False,
          timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Compare analytical and numerical derivatives (gradcheck and gradgradcheck, in float64);
    exit code 1 when a check fails.

    Example: gradcli check 'relu(x) * sin(x)' --at x=[0,1,2]
    """
    from ..report import check_view
    from .check import run_check
    out = Output(json_output, debug)
    with out.guard(), _problem(out, expr, at, Dtype.float64, file,
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

@app.command()
def run(files: Annotated[Optional[list[Path]], typer.Argument(
            metavar="FILE...", show_default=False, help="Scripts to run in order; '-' reads standard input.")] = None,
        code: Annotated[Optional[str], typer.Option("-e", "--exec", metavar="CODE", show_default=False,
                                                    help="Run CODE instead of files.")] = None,
        keep_going: Annotated[bool, typer.Option("--keep-going", "-k", help="Run the remaining scripts after a failure.")]
        = False,
        timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None,
        max_output: Annotated[int, typer.Option(
            help="Characters of output all scripts together may print.", min=1)] = DEFAULT_MAX_OUTPUT,
        max_source: Annotated[int, typer.Option(
            help="Bytes a script file may have.", min=1, max=1 << 31)] = MAX_SOURCE_BYTES,
        dtype: DtypeOpt = None, debug: Debug = False) -> None:
    """Run scripts (each in a fresh session); the exit code is 1 if any failed (2 for a parse error).

    Example: gradcli run samples/*.grad --keep-going
    """
    from .scripts import run_scripts
    if code is not None and files:
        raise typer.BadParameter("give FILE... or -e CODE, not both")
    if code is None and not files:
        raise typer.BadParameter("give FILE..., '-' or -e CODE")
    sources = [("<exec>", code)] if code is not None else [(str(f), None) for f in files]
    limits = limits_of(timeout, max_elements, max_memory)
    code_ = run_scripts(sources, keep_going, dtype_name(dtype), limits, debug, max_output, max_source)
    raise SystemExit(code_)


@app.command(cls=ExprCommand)
def plot(expr: Expr = None,
         x: Annotated[str, typer.Option("--x", metavar="START:STOP", help="The range of x.")] = "-3:3",
         points: Annotated[int, typer.Option(min=2, max=100_000, help="Number of sample points.")] = 200,
         order: Annotated[int, typer.Option(min=0, max=3, help="Highest derivative to draw.")] = 1,
         out_file: Annotated[Optional[Path], typer.Option("--out", metavar="FILE", show_default=False,
                                                          help="Also save a figure (.png, .svg) with matplotlib.")]
         = None,
         at: At = None, dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False) -> None:
    """Draw f(x) and its derivatives in the terminal (braille), and optionally into an image file.

    Example: gradcli plot 'sin(x) * exp(-x/4)' --x 0:12.56 --order 2
    """
    import numpy as np
    from ..report import plot_view
    out = Output(json_output, debug)
    with out.guard(), _problem(out, expr, at, dtype, bound=("x",)) as problem:
        start, stop = _range(x)
        grid = np.linspace(start, stop, points)
        curves = [(label, values.numpy()) for label, values in problem.curves("x", grid, order)]
        out.show(plot_view.plot_doc(grid, curves), plot_view.plot_json(grid, curves))   # first: a failed save keeps it
        if out_file is not None:
            try:
                plot_view.save_figure(grid, curves, str(out_file))
            except ImportError:
                raise CliError("saving a figure needs matplotlib: pip install 'gradcli[plot]' (the plot above is "
                               "the terminal's)", EXIT_FAILURE, "missing") from None
            except (OSError, ValueError) as err:
                raise CliError(f"cannot save {out_file}: {err}", EXIT_FAILURE, "io") from None


def _range(text: str) -> tuple:
    try:
        start, stop = (float(v) for v in text.split(":"))
    except ValueError:
        raise CliError(f"--x expects START:STOP such as 0:6.28, got {text!r}") from None
    if not start < stop:
        raise CliError(f"--x {text}: START must be less than STOP")
    return start, stop


@app.command()
def repl(dtype: DtypeOpt = None) -> None:
    """Start the interactive REPL (history, completion, multi-line blocks, :help for meta commands).
    With standard input not a terminal, its lines are fed to the REPL as typed (values echoed, meta
    commands run, errors reported and the next line run; exit code 1 if any line failed).

    Example: gradcli repl --dtype float64
    """
    if not sys.stdin.isatty():
        from .repl import run_piped
        raise typer.Exit(run_piped(sys.stdin, dtype_name(dtype)))
    from .repl import run_repl
    run_repl(dtype_name(dtype))


class SortBy(str, Enum):
    self = "self"
    total = "total"
    calls = "calls"
    name = "name"


@app.command()
def profile(file: Annotated[Path, typer.Argument(metavar="FILE", help="The script to profile ('-' for standard input).")],
            sort_by: Annotated[SortBy, typer.Option("--sort-by", "-s", help="Order of the rows.")] = SortBy.self,
            limit: Annotated[Optional[int], typer.Option(help="Show at most this many rows.", show_default=False)]
            = None,
            dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False,
            timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Run a script under the autograd profiler: calls, total and self time per forward op and backward node.

    Example: gradcli profile samples/example_train_profile.grad --sort-by total --limit 15
    """
    from ..report import profile_view
    from .scripts import profile_script
    out = Output(json_output, debug)
    with out.guard():
        source = read_file(file)
        out.source = source
        # stdout is the table (or the JSON): what the script prints goes to stderr
        averages = profile_script(source, str(file), dtype_name(dtype), sys.stderr,
                                  limits_of(timeout, max_elements, max_memory))
        out.show(profile_view.profile_doc(averages, sort_by.value, limit), profile_view.profile_json(averages))


# -- reference -------------------------------------------------------------------------------------

@app.command()
def ops(name: Annotated[Optional[str], typer.Argument(help="Show this op in full.", show_default=False)] = None,
        json_output: Json = False, debug: Debug = False) -> None:
    """List every differentiable op with its derivative rule, forward-mode and double-backward support.

    Example: gradcli ops mul
    """
    from ..report import ops_view
    from .reference import find_op, op_table
    out = Output(json_output, debug)
    with out.guard():
        table = op_table()
        if name is None:
            names = sorted(table, key=lambda n: (n.startswith("_"), n))   # torch's public names first
            out.show(ops_view.ops_doc(table), {"ops": [ops_view.op_json(table[n]) for n in names]})
        else:
            op = find_op(table, name)
            out.show(ops_view.op_doc(op), ops_view.op_json(op))


def app_for(args: list) -> typer.Typer:
    """The app with only the command ``args`` name: Typer builds every registered command's
    parameters before it parses, and building one instead of eleven saves ~7 ms of a cold start.
    Anything else (no command, an option first, a misspelt name) gets the whole app, so help,
    completion and "No such command" stay Typer's own. The one-command app leaves out the
    ``--install-completion``/``--show-completion`` options: they belong before a command name, so
    this app never parses them, and making them costs half a millisecond."""
    wanted = args[0] if args else None
    named = [info for info in app.registered_commands
             if (info.name or info.callback.__name__.replace("_", "-")) == wanted]
    if not named:
        return app
    one = copy.copy(app)
    one.registered_commands = named
    one._add_completion = False
    return one
