"""Write NAME.expected for every samples/NAME.grad by running it with PyTorch.

    python samples/make_expected.py [NAME ...]

A .grad script is a Python subset, so it runs as Python in a namespace that
predefines what gradcli predefines (`torch`, `F`, `nn`, `math`, `Function`,
`jacobian`, `hessian`, ...). A `>>>` paste runs chunk by chunk with values
echoed, as gradcli runs it (gradcli.lang.prompt_paste cuts the chunks). An error
that ends a script is printed as its last line, `RuntimeError: message`,
labelled with the builtin exception class, as gradcli labels it. Samples
whose header says `# expected: hand-written` are skipped: their .expected
file is written by hand (they are not valid Python or not torch-compatible).

torch is needed here only; gradcli itself never imports it.
"""

from __future__ import annotations

import ast
import contextlib
import io
import math
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from gradcli.lang.prompt_paste import doctest_chunks  # noqa: E402  (no engine import)

HAND_WRITTEN = "# expected: hand-written"


def namespace() -> dict:
    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch.autograd import Function
    from torch.autograd.functional import hessian, hvp, jacobian, jvp, vhp, vjp
    return {"torch": torch, "F": F, "nn": nn, "math": math, "autograd": torch.autograd,
            "Function": Function, "jacobian": jacobian, "hessian": hessian, "vjp": vjp,
            "jvp": jvp, "hvp": hvp, "vhp": vhp, "pi": math.pi, "e": math.e,
            "__name__": "__main__"}


def label(exc: BaseException) -> str:
    """`RuntimeError: message`, with the builtin class gradcli names."""
    cls = next(k for k in type(exc).__mro__ if k.__module__ == "builtins")
    text = str(exc).split("\n")[0]
    return f"{cls.__name__}: {text}" if text else cls.__name__


def run_statements(source: str, filename: str, env: dict, echo: bool) -> None:
    tree = ast.parse(source, filename)
    for node in tree.body:
        if echo and isinstance(node, ast.Expr):
            value = eval(compile(ast.Expression(node.value), filename, "eval"), env)
            if value is not None:
                print(repr(value))
        else:
            exec(compile(ast.Module([node], []), filename, "exec"), env)


def run_sample(path: Path) -> str:
    import torch
    torch.manual_seed(0)
    torch.set_default_dtype(torch.float32)
    torch.set_grad_enabled(True)
    torch.autograd.set_detect_anomaly(False)
    source = path.read_text()
    env = namespace()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            chunks = doctest_chunks(source)
            if chunks is None:
                run_statements(_dedent(source), str(path), env, echo=False)
            else:
                for text, expects_error in chunks:
                    try:
                        run_statements(_dedent(text), str(path), env, echo=True)
                    except Exception as exc:
                        if not expects_error:
                            raise
                        print(label(exc))
        except Exception as exc:
            print(label(exc))
        finally:
            torch.set_grad_enabled(True)
            torch.set_default_dtype(torch.float32)
    return out.getvalue()


def _dedent(text: str) -> str:
    """Remove the indentation common to the code lines (a pasted snippet may
    be indented as a whole; gradcli accepts that, Python does not)."""
    lines = text.split("\n")
    code = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    if not code:
        return text
    width = min(len(ln) - len(ln.lstrip()) for ln in code)
    return "\n".join(ln[width:] if ln[:width].isspace() else ln.lstrip() if not ln.strip()
                     or ln.lstrip().startswith("#") else ln for ln in lines)


def main(names: list[str]) -> int:
    paths = sorted(HERE.glob("*.grad"))
    if names:
        paths = [p for p in paths if p.stem in names or p.name in names]
    for path in paths:
        if HAND_WRITTEN in path.read_text().split("\n\n", 1)[0]:
            print(f"skip  {path.name} (hand-written expected output)")
            continue
        text = run_sample(path)
        path.with_suffix(".expected").write_text(text)
        print(f"wrote {path.with_suffix('.expected').name} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
