"""The analysis commands check the size of what they would build before building it (issue 14):
a Jacobian, Hessian or gradcheck too large for the element limit is one clear error, at once."""
import os
import re
import subprocess
import sys

import pytest


def gradcli(*args, timeout=60):
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, env=env,
                          timeout=timeout)


@pytest.mark.parametrize("args,message", [
    (("jacobian", "x.sum() * torch.ones(15000)", "--at", "x=3"),
     "the Jacobian of an output of 15000 elements and inputs of 1 elements would need 225000000 elements"),
    (("jacobian", "x * 2", "--at", "x=torch.ones(15000)"), "would need 225000000 elements"),
    (("hessian", "x.sum() ** 2", "--at", "x=torch.ones(15000)"),
     "the Hessian of inputs of 15000 elements would have 225000000 elements"),
    (("check", "x * torch.ones(200000)", "--at", "x=3"),
     "check of an output of 200000 elements against inputs of 1 elements is too large"),
])
def test_an_oversized_analysis_is_refused_before_it_allocates(args, message):
    result = gradcli(*args, timeout=30)
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_analyses_within_the_limits_still_run():
    result = gradcli("jacobian", "x.sum() * torch.ones(3)", "--at", "x=[1,2]")
    assert result.returncode == 0 and "value[2]     1     1" in result.stdout
    assert gradcli("check", "x.sum() * torch.ones(50)", "--at", "x=[1,2]").returncode == 0


def test_the_memory_cap_holds_for_the_analyses_too():
    # the Jacobian is built outside the script: the worker's own address-space limit stops it
    result = gradcli("jacobian", "x * torch.ones(8000)", "--at", "x=torch.ones(8000)",
                     "--max-elements", "300000000", "--max-memory", "300")
    assert result.returncode == 1
    assert result.stderr.startswith("error: out of memory")
    assert result.stderr.endswith("the work needed more than its memory cap; allow more with --max-memory MB, "
                                  "or make the tensors smaller\n")


@pytest.mark.parametrize("option,value", [("--max-memory", "0"), ("--timeout", "nan"), ("--max-elements", "0")])
def test_the_limit_options_of_the_analyses_are_validated(option, value):
    result = gradcli("hessian", "x.sum()", "--at", "x=[1.]", option, value)
    assert result.returncode == 2 and "Invalid value for '" + option in result.stderr


def test_grad_and_trace_take_the_limit_options_on_every_path():
    result = gradcli("grad", "torch.ones(100).sum() * x", "--at", "x=3", "--max-elements", "10")   # the fast path
    assert result.returncode == 1
    assert "a tensor of shape (100,) (100 elements) exceeds the limit of 10 elements" in result.stderr
    ok = gradcli("grad", "x**2", "--at", "x=3", "--timeout", "60", "--max-memory", "400", "--max-elements", "10")
    assert (ok.returncode, ok.stdout) == (0, "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"), \
        ok.stderr   # (with --max-memory 100 the engine's import hit the cap in fresh-clone CI runs: MemoryError)
    bad = gradcli("grad", "x", "--at", "x=3", "--timeout", "nan")                     # Typer's message
    assert bad.returncode == 2 and "Invalid value for '--timeout': must be a positive finite number" in bad.stderr
    traced = gradcli("trace", "torch.ones(100).sum() * x", "--at", "x=3", "--max-elements", "10")
    assert traced.returncode == 1 and "exceeds the limit of 10 elements" in traced.stderr


@pytest.mark.slow
def test_filling_the_memory_cap_with_small_objects_ends_cleanly_ten_times():
    script = "xs = []\nx = torch.ones(3, requires_grad=True)\ny = x\nwhile True:\n    xs.append([1.5] * 1000)\n" \
             "    y = y * 1.0001\n"
    for _ in range(10):
        result = gradcli("run", "--timeout", "20", "--max-memory", "200", "-e", script)
        assert result.returncode == 1 and "Traceback" not in result.stderr
        # the cap is met by whichever allocation comes first: the list, its append, or the product
        assert re.match(r"<exec>:[56]:\d+: error: MemoryError: out of memory \(the run's memory cap was "
                        r"reached\); allow more with --max-memory MB", result.stderr), result.stderr


def test_forward_mode_jacobian_is_refused_before_its_tangents_exist(tmp_path):
    import subprocess
    import sys
    import time
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "gradcli", "jacobian", "x.sum()*torch.ones(15000)", "--at",
                             "x=ones(15000)", "--mode", "forward"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "would need 225000000 elements" in result.stderr
    assert time.monotonic() - start < 20
    once = subprocess.run([sys.executable, "-m", "gradcli", "jacobian", 'print("hi"); x**2', "--at", "x=[1,2]",
                           "--mode", "forward"], capture_output=True, text=True, timeout=60)
    assert once.stdout.count("hi") == 1          # the trial evaluation's prints are not shown


def test_a_memory_error_outside_a_script_is_one_line_not_a_traceback(monkeypatch, capsys):
    from gradcli.cli import app

    def run():
        raise MemoryError
    assert app._status(run) == 1
    err = capsys.readouterr().err
    assert err == "error: out of memory (the run's memory cap was reached); allow more with --max-memory MB\n"
