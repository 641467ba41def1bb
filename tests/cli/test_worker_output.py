"""What an expression prints in grad, jacobian, check... is bounded and terminal-safe as in run, and a
worker stopped at the wall-clock limit says so (issue 14)."""
import os
import subprocess
import sys

import pytest


def gradcli(*args, timeout=60):
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, env=env,
                          timeout=timeout)


def test_an_expression_that_prints_without_end_is_stopped_at_the_output_bound():
    result = gradcli("grad", 'while True:\n    print("x" * 10**6)\nx', "--at", "x=1")
    assert result.returncode == 1 and len(result.stdout) <= 100_000_000
    assert "the script's output passed 100000000 characters; print less" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_expression_s_prints_reach_a_terminal_escaped():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "gradcli", "grad", 'print("A\\x1b[2JB"); x', "--at", "x=1"],
                          encoding="utf-8", timeout=60, env=dict(os.environ, NO_COLOR="1"))
    child.expect(pexpect.EOF)
    assert "\x1b" not in child.before and "A\\x1b[2JB" in child.before


def test_an_expression_s_prints_in_a_pipe_are_left_alone():
    result = gradcli("grad", 'print("A\\x1b[2JB"); x', "--at", "x=1")
    assert result.returncode == 0 and result.stdout.startswith("A\x1b[2JB\n")


def test_profile_takes_the_limit_options_and_bounds_what_the_script_prints(tmp_path):
    script = tmp_path / "big.grad"
    script.write_text("x = torch.ones(100)\nprint(1)\n")
    result = gradcli("profile", "--max-elements", "10", str(script))
    assert result.returncode == 1 and "exceeds the limit of 10 elements" in result.stderr
    flood = tmp_path / "flood.grad"
    flood.write_text('while True:\n    print("x" * 10**6)\n')
    result = gradcli("profile", str(flood))
    assert result.returncode == 1 and "the script's output passed 100000000 characters" in result.stderr
    assert len(result.stderr) < 100_001_000
