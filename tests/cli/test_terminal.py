"""Real processes: a REPL session in a pseudo-terminal, and gradcli in shell pipelines."""
import json
import sys

import pytest

pexpect = pytest.importorskip("pexpect")


def _repl(tmp_path):
    """``gradcli repl`` in a pseudo-terminal of 40x120 with a private history."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
           "TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    return pexpect.spawn(sys.executable, ["-m", "gradcli", "repl"], env=env, encoding="utf-8", timeout=30,
                         dimensions=(40, 120))


def test_repl_session(tmp_path):
    child = _repl(tmp_path)
    try:
        child.expect(">>>")
        child.sendline("def f(t):")
        child.expect(r"\.\.\.")
        child.sendline("    return (t * 2).exp().sum()")
        child.expect(r"\.\.\.")
        child.sendline("")
        child.expect(">>>")
        child.sendline("x = tensor([1., 2.], requires_grad=True); y = f(x)")
        child.expect(">>>")
        child.send("y.grad_f")
        child.send("\t")
        child.sendline("")
        child.expect("<SumBackward0 object at")
        child.expect(">>>")
        child.sendline(":graph y")
        child.expect("SumBackward0  y")
        child.expect("AccumulateGrad  x")
        child.expect(">>>")
        child.sendline("1 +")
        child.expect("syntax error")
        child.expect(">>>")
        child.send("abandoned input")
        child.sendcontrol("c")
        child.expect("KeyboardInterrupt")
        child.expect(">>>")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    history = (tmp_path / "state" / "gradcli" / "history").read_text()
    assert "def f(t):" in history


def test_pipeline_json(shell):
    r = shell("echo 'sum(x**2)' | gradcli grad - --at x=[1,2,3] --json | "
              "python -c 'import json,sys; print(json.load(sys.stdin)[\"grad\"][\"x\"])'")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[2.0, 4.0, 6.0]"


def test_pipeline_plain_output_has_no_escape_codes(shell):
    r = shell("gradcli graph 'x.exp().sum()' --at x=[1,2] | cat")
    assert r.returncode == 0 and "\x1b[" not in r.stdout and "ExpBackward0" in r.stdout


def test_piped_script_through_no_argument_entry(shell):
    r = shell("printf 'x = tensor(2., requires_grad=True)\\n(x*x).backward()\\nprint(x.grad)\\n' | gradcli")
    assert r.returncode == 0 and r.stdout == "tensor(4.)\n"


def test_errors_on_stderr_and_exit_codes(shell):
    r = shell("gradcli grad 'x +' --at x=1")
    assert r.returncode == 2 and r.stdout == "" and "syntax error" in r.stderr and "Traceback" not in r.stderr
    r = shell("gradcli run -e 'print(undefined_name)'")
    assert r.returncode == 1 and "undefined_name" in r.stderr


def test_json_error_is_parseable(shell):
    r = shell("gradcli grad 'x.nope' --at x=1 --json")
    assert r.returncode == 1
    assert json.loads(r.stdout)["error"]["kind"] == "attribute"


def test_repl_auto_indents_a_block(tmp_path):
    """Typing ``def f(t):`` then ``return (t**2).sum()`` (no spaces typed) defines f: the prompt
    offers the indentation, as IPython and ptpython do, and takes it away after ``return``."""
    child = _repl(tmp_path)
    try:
        child.expect(">>>")
        child.sendline("def f(t):")
        child.expect(r"\.\.\.")
        child.sendline("return (t**2).sum()")
        child.expect(r"\.\.\.")
        child.sendline("")
        child.expect(">>>")
        child.sendline("f(tensor([1., 2.]))")
        child.expect(r"tensor\(5\.\)")
        child.expect(">>>")
        child.sendline(":quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
