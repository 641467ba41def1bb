"""Cold start of a one-shot ``gradcli grad``, side by side with numpy and PyTorch one-liners.

Every run is a whole new process (the interpreter found by ``sys.executable``,
not a shim), output piped as in a pipeline; rounds are interleaved so that
the machine's drift hits every command alike; the figure is the median.

    python benchmarks/bench_cold_start.py               # 15 rounds
    python benchmarks/bench_cold_start.py --rounds 31
    python benchmarks/bench_cold_start.py --instructions   # one run each under valgrind

``--instructions`` counts what each command executes (callgrind's Ir), in its longest process and in
all of them, a figure that does not move with the machine's load as the times do (+-10-30% on a
shared machine).
It runs with one BLAS thread: OpenBLAS's pool threads spin for a while after numpy's import and
callgrind counts their spinning too: 15-55M instructions more, different at each run. A fixed hash
seed and no address-space randomisation (``setarch -R``) make the count the same at every run; with
either left random it moves by +-1.5M (dict and set probes), more than a small change saves.

Targets (issue 13): every command <= 1.5x the numpy one-liner, the REPL's first prompt <= 2.5x;
grad <= 0.12x the torch one-liner.
Run it with the interpreter of a plain (non-editable) install, as a user has it. The commands run in
a scratch directory: from a checkout, ``python -m gradcli`` would import the checkout's sources
(the current directory comes first on ``sys.path``), without their bytecode when
PYTHONDONTWRITEBYTECODE is set, and time that instead of the install.
Also reported: ``import gradcli.engine`` alone, and ``python -c pass`` as the floor.
"""
from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PY = sys.executable
WHERE = tempfile.mkdtemp(prefix="bench-cold-start-")     # no gradcli/ beside it: the install is what runs
REPL = "gradcli repl: first prompt"
COMMANDS = {
    "python -c pass": [PY, "-c", "pass"],
    "numpy one-liner": [PY, "-c", "import numpy; print(6.0)"],
    "torch one-liner": [PY, "-c", "import torch; x = torch.tensor(3., requires_grad=True); "
                                  "(x**2).backward(); print(x.grad)"],
    "import gradcli.engine": [PY, "-c", "import gradcli.engine"],
    "import gradcli.lang (parser)": [PY, "-c", "import gradcli.lang; gradcli.lang.parse('x**2')"],
    "gradcli grad 'x**2' --at x=3": [PY, "-m", "gradcli", "grad", "x**2", "--at", "x=3"],
    "gradcli jacobian": [PY, "-m", "gradcli", "jacobian", "x**2", "--at", "x=[1,2]"],
    "gradcli hessian": [PY, "-m", "gradcli", "hessian", "x**3", "--at", "x=2"],
    "gradcli graph": [PY, "-m", "gradcli", "graph", "x*2", "--at", "x=1"],
    "gradcli trace": [PY, "-m", "gradcli", "trace", "x*2", "--at", "x=1"],
    "gradcli check": [PY, "-m", "gradcli", "check", "x*2", "--at", "x=1"],
    "gradcli run -e 'print(1)'": [PY, "-m", "gradcli", "run", "-e", "print(1)"],
    "gradcli ops mul": [PY, "-m", "gradcli", "ops", "mul"],
    REPL: [PY, "-m", "gradcli", "repl"],
}


def first_prompt(argv: list) -> float:
    """Seconds until ``gradcli repl`` shows its first prompt in a pseudo-terminal."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(WHERE)
        os.environ.update(TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
        os.execv(argv[0], argv)
    seen = b""
    try:
        while b">>>" not in seen:
            ready, _, _ = select.select([fd], [], [], 30)
            if not ready:
                raise RuntimeError("no prompt within 30 s")
            seen += os.read(fd, 4096)
        return time.perf_counter() - start
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def timed(argv: list) -> float:
    if argv[-1] == "repl":
        return first_prompt(argv)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True, cwd=WHERE)
    return time.perf_counter() - start


def instructions(argv: list) -> list:
    """Instructions one run executes, counted by valgrind's callgrind: per process, longest first.

    A supervised command forks a worker, and a split one (``cli/worker.run_split``) has the supervisor
    parse with Typer while the worker loads numpy: with a core free for each, the start lasts what
    the longest process executes (each count includes what ran before the fork)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", PYTHONHASHSEED="0")
    env.pop("GRADCLI_NO_WORKER", None)
    fixed_addresses = ["setarch", os.uname().machine, "-R"] if shutil.which("setarch") else []
    callgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    result = subprocess.run([*fixed_addresses, *callgrind, *argv],
                            capture_output=True, text=True, cwd=WHERE, env=env, check=True)
    counts = [int(ln.split()[-1]) for ln in result.stderr.splitlines() if "Collected" in ln]
    return sorted(counts, reverse=True)


def count_instructions() -> None:
    names = [n for n in COMMANDS if n not in (REPL, "torch one-liner")]
    for name in names:       # as the timed runs: the grammar's tables and the code cache written first
        timed(COMMANDS[name])
    counts = {name: instructions(COMMANDS[name]) for name in names}
    width = max(len(n) for n in names)
    numpy_count = counts["numpy one-liner"][0]
    print(f"{'':<{width}}  longest process     (the others: supervisor)")
    for name in names:
        longest, *others = counts[name]
        print(f"{name:<{width}}  {longest / 1e6:8.1f} M  {longest / numpy_count:.3f}x  "
              + "  ".join(f"({n / 1e6:.1f} M)" for n in others))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--instructions", action="store_true", help="count instructions with valgrind instead")
    args = parser.parse_args()
    where = subprocess.run([PY, "-c", "import gradcli; print(gradcli.__file__)"], capture_output=True, text=True,
                           cwd=WHERE).stdout.strip()
    print(f"gradcli from {where}")
    if args.instructions:
        count_instructions()
        return
    names = list(COMMANDS)
    try:
        timed(COMMANDS["torch one-liner"])
    except (subprocess.CalledProcessError, FileNotFoundError):
        names.remove("torch one-liner")
    for name in names:           # warm the file cache, the grammar's tables and the code cache (cli/code_cache)
        timed(COMMANDS[name])
    samples = {name: [] for name in names}
    for _ in range(args.rounds):
        for name in names:
            samples[name].append(timed(COMMANDS[name]))
    median = {name: statistics.median(s) for name, s in samples.items()}
    width = max(len(n) for n in names)
    for name in names:
        print(f"{name:<{width}}  {median[name] * 1000:8.1f} ms")
    ours = median["gradcli grad 'x**2' --at x=3"]
    numpy_time = median["numpy one-liner"]
    print(f"\ngradcli / numpy one-liner: {ours / numpy_time:.2f}x  (target <= 1.5x)")
    others = [n for n in names if n.startswith("gradcli ") and n != REPL]
    print(f"every command: {min(median[n] for n in others) / numpy_time:.2f}x to "
          f"{max(median[n] for n in others) / numpy_time:.2f}x the numpy one-liner (target <= 1.5x)")
    print(f"the REPL's first prompt: {median[REPL] / numpy_time:.2f}x (target <= 2.5x)")
    if "torch one-liner" in median:
        print(f"gradcli / torch one-liner: {ours / median['torch one-liner']:.3f}x  (target <= 0.12x)")
    engine_share = (median["import gradcli.engine"] - median["python -c pass"]) / (ours - median["python -c pass"])
    print(f"import gradcli.engine is {engine_share:.0%} of gradcli's time above the bare interpreter")


if __name__ == "__main__":
    try:
        main()
    finally:
        os.rmdir(WHERE)
