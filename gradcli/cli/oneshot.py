"""``gradcli grad`` without Typer: its body, and a small argv parser for its common forms.

A one-shot gradient in a pipeline is gradcli's most frequent call, and
Typer (with the pydantic it loads to coerce options) costs more than the
engine. ``parse_grad_args`` accepts exactly the documented options of
``grad``; anything else (``--help``, a typo, a missing value) returns None
and the Typer app handles it, with its usual messages.
"""
from __future__ import annotations

from .dash_expr import looks_like_expression

FLAGS = {"--create-graph": ("create_graph", True), "--no-create-graph": ("create_graph", False),
         "--json": ("json_output", True), "--debug": ("debug", True)}
VALUED = {"--at": "at", "-a": "at", "--wrt": "wrt", "--grad-output": "grad_output", "--dtype": "dtype",
          "--file": "file", "-f": "file", "--timeout": "timeout", "--max-elements": "max_elements",
          "--max-memory": "max_memory", "--per-sample": "per_sample"}
DTYPES = ("float32", "float64")
# the limit options' values, as Typer's MaxElements/MaxMemory/Timeout accept them (else Typer reports)
LIMITS = {"timeout": (float, lambda t: 0 < t < float("inf")), "max_elements": (int, lambda n: 1 <= n <= 10**12),
          "max_memory": (int, lambda m: 16 <= m <= 1 << 30)}


def parse_grad_args(args: list) -> dict | None:
    """Keyword arguments for ``run_grad`` from the words after ``grad``, or None to let Typer decide."""
    options = {"expr": None, "at": [], "wrt": None, "grad_output": None, "create_graph": False, "dtype": None,
               "json_output": False, "debug": False, "file": None, "timeout": None, "max_elements": None,
               "max_memory": None, "per_sample": None}
    words = iter(args)
    only_positional = False
    for word in words:
        if only_positional or word == "-" or not word.startswith("-"):
            if options["expr"] is not None:
                return None
            options["expr"] = word
        elif word == "--":
            only_positional = True
        elif word not in FLAGS and word.split("=", 1)[0] not in VALUED and looks_like_expression(word):
            if options["expr"] is not None:
                return None
            options["expr"] = word   # '-log(x)': an expression, not an option (see dash_expr)
        elif word in FLAGS:
            key, value = FLAGS[word]
            options[key] = value
        else:
            name, eq, value = word.partition("=")
            if name not in VALUED or (name in ("-a", "-f") and eq):
                return None
            if not eq:
                value = next(words, None)
                if value is None:
                    return None
            key = VALUED[name]
            if key == "at":
                options["at"].append(value)
            elif key in LIMITS:
                parse, valid = LIMITS[key]
                try:
                    options[key] = parse(value)
                except ValueError:
                    return None
                if not valid(options[key]):
                    return None
            else:
                options[key] = value
    if (options["expr"] is None) == (options["file"] is None) or options["dtype"] not in (None, *DTYPES):
        return None
    return options


def run_grad(expr, at: list, wrt, grad_output, create_graph: bool, dtype, json_output: bool, debug: bool,
             file=None, timeout=None, max_elements=None, max_memory=None, per_sample=None) -> None:
    """The value of EXPR and its gradient with respect to each input (or those in ``wrt``); with
    ``per_sample``, each example's loss and gradient."""
    from ..report import derivatives_view as view
    from .errors import EXIT_USAGE, CliError
    from .output import Output
    from .problem import limits_of, problem_for
    out = Output(json_output, debug)
    limits = limits_of(timeout, max_elements, max_memory)
    with out.guard(), problem_for(out, expr, at, dtype, file, limits=limits) as problem:
        if per_sample is not None:
            if grad_output is not None or create_graph:
                raise CliError("--per-sample takes neither --grad-output nor --create-graph", EXIT_USAGE)
            losses, grads = problem.per_sample_gradients(per_sample, wrt)
            out.show(view.per_sample_doc(losses, grads), view.grad_json(losses, grads))
            return
        y = problem.evaluate()
        grads = problem.gradients(y, problem.wrt(wrt), problem.grad_output(y, grad_output), create_graph)
        out.show(view.grad_doc(y, grads), view.grad_json(y, grads))
