# A training script's command-line and clean-up idioms: argparse's exit caught with `except SystemExit`,
# sys.exit inside `try` seen by `except BaseException` and a bare `except:` (not by `except Exception`),
# `raise SystemExit(...)`, and warnings recorded with the script's line.
import argparse
import sys
import warnings

import torch

parser = argparse.ArgumentParser(prog="train")
parser.add_argument("--lr", type=float, default=0.1)
try:
    parser.parse_args(["--lr", "fast"])
except SystemExit as e:
    print("bad arguments, exit code", e.code, type(e).__name__)
args = parser.parse_args(["--lr", "0.5"])

w = torch.tensor([1.0, -2.0], requires_grad=True)
loss = (w ** 2).sum()
loss.backward()
with torch.no_grad():
    w -= args.lr * w.grad
print(w)


def train_step(stop):
    try:
        if stop:
            sys.exit(3)
        return "ran"
    except Exception:
        return "not reached: SystemExit is not an Exception"


for stop in (False, True):
    try:
        print(train_step(stop))
    except BaseException as e:
        print("stopped:", repr(e), e.code, isinstance(e, SystemExit), e.args)

try:
    sys.exit()
except:
    print("a bare except catches sys.exit() too")

try:
    raise SystemExit("checkpoint written")
except SystemExit as e:
    print(e, "|", e.code, "|", type(e) is SystemExit)

try:
    raise KeyboardInterrupt
except KeyboardInterrupt as e:
    print("KeyboardInterrupt is caught by its name:", repr(e))

print(issubclass(SystemExit, BaseException), issubclass(SystemExit, Exception), SystemExit, BaseException)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("lr is large")
print([(str(r.message), r.lineno, r.category.__name__) for r in caught])
print(0o17, 0_0, 00, 7.5e0)
