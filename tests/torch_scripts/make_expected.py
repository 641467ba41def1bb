"""Write NAME.expected for every tests/torch_scripts/NAME.py by running it with PyTorch.

    python tests/torch_scripts/make_expected.py [NAME ...]

Each script is a plain PyTorch program (it imports torch itself); it runs with
`exec` in a fresh namespace, its stdout is captured and object addresses
(`at 0x7f...`) are masked as ` at 0x0`. An exception that ends a script is
printed as its last line, `RuntimeError: message` (the builtin class, first
line of the message), which is how tests/test_torch_scripts.py reports a
gradcli error that ends a run. torch is needed here only; gradcli never
imports it.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def label(exc: BaseException) -> str:
    cls = next(k for k in type(exc).__mro__ if k.__module__ == "builtins")
    text = str(exc).split("\n")[0]
    return f"{cls.__name__}: {text}" if text else cls.__name__


def run_script(path: Path) -> str:
    import torch
    torch.manual_seed(0)
    torch.set_default_dtype(torch.float32)
    torch.set_grad_enabled(True)
    torch.autograd.set_detect_anomaly(False)
    torch.set_printoptions(profile="default")
    out = io.StringIO()
    env = {"__name__": "__main__", "__file__": str(path)}
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(compile(path.read_text(), str(path), "exec"), env)
        except Exception as exc:  # the script's own uncaught error is part of its output
            print(label(exc))
        finally:
            torch.set_grad_enabled(True)
            torch.set_default_dtype(torch.float32)
            torch.autograd.set_detect_anomaly(False)
            torch.set_printoptions(profile="default")
    return ADDRESS.sub(" at 0x0", out.getvalue())


def main(names: list[str]) -> int:
    paths = sorted(p for p in HERE.glob("*.py") if p.name != "make_expected.py")
    if names:
        paths = [p for p in paths if p.stem in names or p.name in names]
    for path in paths:
        text = run_script(path)
        path.with_suffix(".expected").write_text(text)
        print(f"wrote {path.with_suffix('.expected').name} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
