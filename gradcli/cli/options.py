"""Options shared by several commands, declared once (``Annotated`` aliases for Typer)."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.core import TyperCommand

from .dash_expr import protect_dash_expr


class Dtype(str, Enum):
    float32 = "float32"
    float64 = "float64"


Expr = Annotated[Optional[str], typer.Argument(
    metavar="EXPR", show_default=False,
    help="An expression or a snippet of statements whose last line is the output; '-' reads standard input.")]
At = Annotated[Optional[list[str]], typer.Option(
    "--at", "-a", metavar="NAME=VALUE", show_default=False,
    help="An input: any expression of the language (3, [1,2,3], 'randn(5,3)') or @file.npy / @file.npz:key. "
         "Repeat for each input.")]
DtypeOpt = Annotated[Optional[Dtype], typer.Option(
    "--dtype", help="Default floating dtype of the run (float32 like torch, or float64).", show_default=False)]
Wrt = Annotated[Optional[str], typer.Option(
    "--wrt", metavar="NAMES", show_default=False,
    help="Differentiate only against these inputs: a,b (the others stay constants).")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON document (schema in the README).")]
Debug = Annotated[bool, typer.Option("--debug", help="Show Python tracebacks of errors.")]
Timeout = Annotated[Optional[float], typer.Option(
    "--timeout", metavar="SECONDS", show_default=False, callback=lambda v: None if v is None else positive(v),
    help="Seconds the work may run (default 60); one operation that runs on is stopped a little later.")]
MaxElements = Annotated[Optional[int], typer.Option(
    "--max-elements", show_default=False, min=1, max=10**12,
    help="Largest tensor, Jacobian or Hessian, in elements (1 to 10**12; default 50000000).")]
MaxMemory = Annotated[Optional[int], typer.Option(
    "--max-memory", metavar="MB", show_default=False, min=16, max=1 << 30,
    help="Megabytes of memory the work may add (default: the larger of 2048 and 64 bytes per --max-elements).")]
ScriptFile = Annotated[Optional[Path], typer.Option(
    "--file", "-f", metavar="FILE", show_default=False, help="Read the script from FILE ('-' for standard input).")]


def positive(value: float) -> float:
    if not value > 0 or value == float("inf"):
        raise typer.BadParameter(f"must be a positive finite number, not {value}")
    return value


def dtype_name(dtype: Optional[Dtype]) -> Optional[str]:
    return dtype.value if dtype is not None else None


class ExprCommand(TyperCommand):
    """A command taking EXPR: a dash-led expression (``'-log(x)'``) is EXPR, not options."""

    def parse_args(self, ctx, args: list) -> list:
        names, valued = {"--help", "-h"}, set()
        for param in self.params:
            if param.param_type_name == "option":
                spellings = set(param.opts) | set(param.secondary_opts)
                names |= spellings
                if not param.is_flag:
                    valued |= spellings
        return super().parse_args(ctx, protect_dash_expr(list(args), names, valued))
