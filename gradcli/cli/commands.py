"""The ``gradcli`` Typer app: one thin function per command over ``gradcli.lang`` and ``gradcli.report``.

Each command is its options and help here; Typer parses them and the function hands plain values
to its body in ``bodies``, which reads the input, makes one or two library calls and hands the
result to a renderer; ``Output.guard`` turns any failure into a message on stderr and an exit code
(0 success, 1 error in the expression or script or a failed check, 2 usage or parse error). Heavy
imports happen inside the bodies, so ``gradcli grad`` never loads Rich, prompt_toolkit or
matplotlib when it does not need them.

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
from .errors import EXIT_USAGE
from .inputs import MAX_SOURCE_BYTES
from .options import (At, Debug, DtypeOpt, Expr, ExprCommand, Json, MaxElements, MaxMemory, ScriptFile, Timeout,
                      Wrt, dtype_name, positive)
from .output import DEFAULT_MAX_OUTPUT

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
    if sys.stdin is not None and sys.stdin.isatty():      # None: standard input closed (`<&-`)
        from .repl import run_repl
        from .worker import raise_c_stack
        raise_c_stack()
        raise typer.Exit(run_repl())
    else:
        ctx.invoke(run, files=[Path("-")])


def _call(command: str, **values) -> None:
    """Run the command's body (``bodies``) on the parsed values, here or, when the supervisor parsed
    the command line while its worker loaded the engine, in that worker (see ``worker.run_split``)."""
    from .worker import hand_off
    hand_off(command, values)        # in the supervisor: the worker runs it, and this exits with its status
    from . import bodies
    getattr(bodies, command)(**values)


def _path(path: Optional[Path]) -> Optional[str]:
    return None if path is None else str(path)


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
    _call("grad", expr=expr, at=at or [], wrt=wrt, grad_output=grad_output, create_graph=create_graph,
          dtype=dtype_name(dtype), json_output=json_output, debug=debug, file=_path(file), timeout=timeout,
          max_elements=max_elements, max_memory=max_memory, per_sample=per_sample)


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
    _call("jacobian", expr=expr, at=at, wrt=wrt, mode=mode.value, dtype=dtype_name(dtype), json_output=json_output,
          debug=debug, timeout=timeout, max_elements=max_elements, max_memory=max_memory)


@app.command(cls=ExprCommand)
def hessian(expr: Expr = None, at: At = None, wrt: Wrt = None, dtype: DtypeOpt = None,
            json_output: Json = False, debug: Debug = False,
            timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Print the Hessian of a scalar EXPR for every pair of inputs, shaped a.shape + b.shape.

    Example: gradcli hessian 'x[0]**2 * x[1]' --at x=[1,2]
    """
    _call("hessian", expr=expr, at=at, wrt=wrt, dtype=dtype_name(dtype), json_output=json_output, debug=debug,
          timeout=timeout, max_elements=max_elements, max_memory=max_memory)


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
    _call("graph", expr=expr, file=_path(file), at=at, format=format.value, output=output, out_file=_path(out_file),
          by_module=by_module, per_sample=per_sample, dtype=dtype_name(dtype), json_output=json_output, debug=debug)


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
    _call("trace", expr=expr, file=_path(file), at=at, grad_output=grad_output, dtype=dtype_name(dtype),
          json_output=json_output, debug=debug, timeout=timeout, max_elements=max_elements, max_memory=max_memory)


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
    _call("check", expr=expr, file=_path(file), at=at, eps=eps, atol=atol, rtol=rtol, top=top,
          json_output=json_output, debug=debug, timeout=timeout, max_elements=max_elements, max_memory=max_memory)


# -- scripts ----------------------------------------------------------------------------------------

@app.command()
def run(files: Annotated[Optional[list[Path]], typer.Argument(
            metavar="FILE...", show_default=False, help="Scripts to run in order; '-' reads standard input.")] = None,
        code: Annotated[Optional[list[str]], typer.Option("-e", "--exec", metavar="CODE", show_default=False,
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
    if code and files:
        raise typer.BadParameter("give FILE... or -e CODE, not both")
    if not code and not files:
        raise typer.BadParameter("give FILE..., '-' or -e CODE")
    if code and len(code) > 1:     # the last one alone ran
        raise typer.BadParameter(f"-e is given {len(code)} times: give the code once, statements separated by "
                                 "newlines or ';'")
    dashes = sum(str(f) == "-" for f in files or ())
    if dashes > 1:      # the second read found standard input empty and ran nothing, with exit 0
        raise typer.BadParameter(f"'-' is given {dashes} times: standard input can be read once")
    sources = [("<exec>", code[0])] if code else [(str(f), None) for f in files]
    _call("run", sources=sources, keep_going=keep_going, timeout=timeout, max_elements=max_elements,
          max_memory=max_memory, max_output=max_output, max_source=max_source, dtype=dtype_name(dtype), debug=debug)


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
    _call("plot", expr=expr, x=x, points=points, order=order, out_file=_path(out_file), at=at, dtype=dtype_name(dtype),
          json_output=json_output, debug=debug)


@app.command()
def repl(dtype: DtypeOpt = None) -> None:
    """Start the interactive REPL (history, completion, multi-line blocks, :help for meta commands).
    With standard input not a terminal, its lines are fed to the REPL as typed (values echoed, meta
    commands run, errors reported and the next line run; exit code 1 if any line failed).

    Example: gradcli repl --dtype float64
    """
    if sys.stdin is None:
        sys.stderr.write("error: cannot read standard input: it is closed\n")
        raise typer.Exit(EXIT_USAGE)
    from .worker import raise_c_stack
    raise_c_stack()      # the REPL is not supervised: scripts run in this process
    if not sys.stdin.isatty():
        from .repl import run_piped
        raise typer.Exit(run_piped(sys.stdin, dtype_name(dtype)))
    from .repl import run_repl
    raise typer.Exit(run_repl(dtype_name(dtype)))


class SortBy(str, Enum):
    self = "self"
    total = "total"
    calls = "calls"
    name = "name"


@app.command()
def profile(file: Annotated[Path, typer.Argument(metavar="FILE", help="The script to profile ('-' for standard input).")],
            sort_by: Annotated[SortBy, typer.Option("--sort-by", "-s", help="Order of the rows.")] = SortBy.self,
            limit: Annotated[Optional[int], typer.Option(help="Show at most this many rows.", show_default=False,
                                                         min=0)]
            = None,
            dtype: DtypeOpt = None, json_output: Json = False, debug: Debug = False,
            timeout: Timeout = None, max_elements: MaxElements = None, max_memory: MaxMemory = None) -> None:
    """Run a script under the autograd profiler: calls, total and self time per forward op and backward node.

    Example: gradcli profile samples/example_train_profile.grad --sort-by total --limit 15
    """
    _call("profile", file=str(file), sort_by=sort_by.value, limit=limit, dtype=dtype_name(dtype),
          json_output=json_output, debug=debug, timeout=timeout, max_elements=max_elements, max_memory=max_memory)


# -- reference -------------------------------------------------------------------------------------

@app.command()
def ops(name: Annotated[Optional[str], typer.Argument(help="Show this op in full.", show_default=False)] = None,
        json_output: Json = False, debug: Debug = False) -> None:
    """List every differentiable op with its derivative rule, forward-mode and double-backward support.

    Example: gradcli ops mul
    """
    _call("ops", name=name, json_output=json_output, debug=debug)


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
