"""The supervised worker (issue 14): a script that crashes the interpreter, hangs in one C call
or floods the output ends with one clear error line and exit code 1, and what it printed before
is kept."""
import ast
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker needs os.fork")


def gradcli(*args, timeout=60, **kw):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("GRADCLI_NO_WORKER", None)
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, env=env,
                          timeout=timeout, **kw)


def _small_c_stack():
    import resource
    resource.setrlimit(resource.RLIMIT_STACK, (8 << 20, 8 << 20))     # the worker cannot raise it


def test_a_c_level_recursion_crash_is_reported_and_earlier_output_kept():
    script = 'print("before")\nt = ()\nfor i in range(300000):\n    t = (t,)\nd = {t: 1}\n'
    result = gradcli("run", "-e", script, preexec_fn=_small_c_stack)
    assert result.returncode == 1
    assert result.stdout == "before\n"
    assert "crashed (SIGSEGV)" in result.stderr and "nesting too deep" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_worker_s_larger_c_stack_hashes_a_deeply_nested_tuple():
    script = 't = ()\nfor i in range(300000):\n    t = (t,)\nd = {t: 1}\nprint(t in d, len(d))\n'
    result = gradcli("run", "-e", script)
    assert (result.returncode, result.stdout, result.stderr) == (0, "True 1\n", "")


@pytest.mark.slow
def test_one_long_c_call_is_stopped_at_the_timeout():
    # one LAPACK call of several seconds: the script's own time check never gets a turn
    result = gradcli("run", "--timeout", "1.5", "-e", "a = torch.eye(7000)\nb = torch.linalg.inv(a)")
    assert result.returncode == 1
    assert "stopped after 4 s" in result.stderr and "--timeout" in result.stderr


def test_exit_codes_and_output_pass_through():
    assert gradcli("run", "-e", "print(1)").stdout == "1\n"
    assert gradcli("run", "-e", "print(1").returncode == 2
    assert gradcli("run", "-e", "raise ValueError('no')").returncode == 1
    assert gradcli("grad", "x**2", "--at", "x=3").returncode == 0


def test_output_is_bounded():
    result = gradcli("run", "--max-output", "1000", "-e", 'while True:\n    print("x" * 100)\n')
    assert result.returncode == 1
    assert len(result.stdout) <= 1000 and "--max-output" in result.stderr


def test_a_closed_stdout_is_no_error():
    result = subprocess.run(f'"{sys.executable}" -m gradcli run -e "print(1)" >&-', shell=True,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Traceback" not in result.stderr


def test_control_characters_reach_a_terminal_escaped():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "gradcli", "run", "-e",
                                           'print("A\\x1b[2JB\\x07C")\nraise ValueError("\\x1b]0;title\\x07")'],
                          encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    text = child.before
    assert "\x1b" not in text and "\x07" not in text
    assert "A\\x1b[2JB\\x07C" in text and "ValueError: \\x1b]0;title\\x07" in text


def test_control_characters_in_a_pipe_are_left_alone():
    assert gradcli("run", "-e", 'print("A\\x1b[2JB")').stdout == "A\x1b[2JB\n"


def test_the_memory_cap_holds_ten_times_in_a_row():
    script = "xs = []\nwhile True:\n    xs.append(torch.zeros(10**7))\n"
    for _ in range(10):
        result = gradcli("run", "--max-elements", "10000000", "-e", script, timeout=120)
        assert result.returncode == 1
        assert "Traceback" not in result.stderr and result.stderr.count("\n") <= 4


def test_oversized_inputs_are_refused_from_the_header(tmp_path):
    import numpy as np
    big = tmp_path / "big.npz"
    np.savez_compressed(big, x=np.zeros(60_000_000, np.float32))
    result = gradcli("grad", "x.sum()", "--at", f"x=@{big}")
    assert result.returncode == 1 and "60000000 elements" in result.stderr


def test_script_files_are_bounded_and_fifos_time_out(tmp_path):
    result = gradcli("run", "/dev/zero")
    assert result.returncode == 2 and "more than 10485760 bytes" in result.stderr
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result = gradcli("grad", "x", "--at", f"x=@{fifo}")
    assert result.returncode == 2 and "not a regular file" in result.stderr


def _address_space_in_use() -> int:
    if not sys.platform.startswith("linux"):
        return 0
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def test_the_child_runs_under_os_limits_from_the_command_line():
    resource = pytest.importorskip("resource")
    from gradcli.cli import worker
    args = ["run", "--timeout", "4", "--max-memory", "300", "-e", "x = 1"]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:        # what the worker's child does before the command, then report what it got
        used = _address_space_in_use()
        worker.apply_os_limits(args)
        got = [resource.getrlimit(r)[0] for r in (resource.RLIMIT_CPU, resource.RLIMIT_NOFILE,
                                                  resource.RLIMIT_CORE, resource.RLIMIT_AS)]
        got[3] -= used
        os.write(write, repr(got).encode())
        os._exit(0)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    cpu, files, core, address_space = ast.literal_eval(os.read(read, 1000).decode())
    assert status == 0
    assert cpu == int(2 * (4 * 1.1 + worker.GRACE)) + 5 and files <= 256 and core == 0
    if sys.platform.startswith("linux"):
        # above what the process already maps: the cap, its slack and room for the imports
        assert 0 <= address_space - (300 << 20) - (75 << 20) - worker.IMPORT_ROOM < 16 << 20
    assert worker.wall_limit(["run", "--timeout=nan"]) == worker.DEFAULT_TIMEOUT * 1.1 + worker.GRACE
    assert worker.memory_budget(["grad", "--max-elements", "100000000"]) == 64 * 10**8


@pytest.mark.parametrize("call, code, stderr", [
    ("sys.exit(3)", 3, ""), ("sys.exit(256)", 0, ""), ("sys.exit(True)", 1, ""),
    ("sys.exit('bad input file')", 1, "bad input file\n"), ("exit(2)", 2, ""),
])
def test_sys_exit_ends_the_script_with_python_s_status_and_message(call, code, stderr):
    result = gradcli("run", "-e", f"import sys\nprint('before')\n{call}\nprint('after')")
    assert (result.returncode, result.stdout, result.stderr) == (code, "before\n", stderr)
