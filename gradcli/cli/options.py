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
ScriptFile = Annotated[Optional[Path], typer.Option(
    "--file", "-f", metavar="FILE", show_default=False, help="Read the script from FILE ('-' for standard input).")]


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
