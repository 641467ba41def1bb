"""Engine cost in CPU instructions (valgrind's callgrind): a figure that does not move when the
machine is busy, for comparing two checkouts where wall-clock medians drift by 10-30%.

    python benchmarks/bench_instructions.py                      # this checkout
    python benchmarks/bench_instructions.py --against /path/to/other/checkout
    python benchmarks/bench_instructions.py --only chain

Each row is one round of a bench_engine workload (six rounds counted minus two rounds, so the
import and the warm-up cancel out), per its unit: instructions per op for the chains, per step
or per loop for the models. Instructions are not time across libraries (torch's C++ runs at
another rate per instruction), so torch is not a column here: bench_engine.py compares times.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROUND = """
import gc
import sys
sys.path.insert(0, {bench_dir!r})
import bench_engine as b
from gradcli import engine
make, per, unit, target = b.BENCHES[{name!r}]
run = make("gradcli", engine)
run()
gc.collect()
gc.freeze()   # what was loaded stays out of the collector's full passes, which land by chance
for _ in range({rounds}):
    run()
"""


def instructions(checkout: str, name: str, rounds: int) -> int:
    """Instructions callgrind counts for a process that runs ``rounds`` rounds of one workload."""
    code = ROUND.format(bench_dir=str(HERE), name=name, rounds=rounds)
    env = dict(os.environ, PYTHONPATH=checkout, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", code], env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    # (not from a checkout: ``python -c`` puts the working directory before PYTHONPATH)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode != 0 or found is None:
        raise SystemExit(f"{name} failed under valgrind:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def per_unit(checkout: str, name: str) -> float:
    sys.path.insert(0, str(HERE))
    from bench_engine import BENCHES
    _, per, unit, _ = BENCHES[name]
    two, six = instructions(checkout, name, 2), instructions(checkout, name, 6)
    per_round = (six - two) / 4
    return per_round / per if unit in ("us/op", "ms/step") else per_round


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", help="another checkout of gradcli to compare with")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    sys.path.insert(0, str(HERE))
    from bench_engine import BENCHES
    here = str(HERE.parent)
    header = f"{'benchmark':<22}{'per':>8}{'this':>16}" + (f"{'other':>16}{'this/other':>12}" if args.against else "")
    print(header)
    print("-" * len(header))
    for name, (_, _, unit, _) in BENCHES.items():
        if args.only and args.only not in name:
            continue
        per = {"us/op": "op", "ms/step": "step"}.get(unit, "loop")
        mine = per_unit(here, name)
        row = f"{name:<22}{per:>8}{mine:>16,.0f}"
        if args.against:
            theirs = per_unit(args.against, name)
            row += f"{theirs:>16,.0f}{mine / theirs:>12.3f}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
