"""Session 13's rough edges of the command line: how a run ends when a signal reaches only the
supervisor (``kill -INT PID``, ``kill PID``), the exit status of ``sys.exit`` with any integer, and
scripts read from devices. Each is what Python does for the same script."""

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX signals and the supervised worker")

SPIN = "print('started', flush=True)\nn = 0\nwhile True:\n    n += 1\n"


def _start(script, *args):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("GRADCLI_NO_WORKER", None)
    return subprocess.Popen([sys.executable, "-m", "gradcli", "run", str(script), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_sigint_sent_to_gradcli_alone_still_names_the_line(tmp_path):
    # `kill -INT PID` (a process manager, `timeout -s INT`) reaches the supervisor, not its worker:
    # the worker used to be killed and the run ended with status 130 and not a word
    script = tmp_path / "spin.grad"
    script.write_text(SPIN)
    child = _start(script)
    assert child.stdout.readline() == "started\n"
    time.sleep(0.3)
    os.kill(child.pid, signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 130
    assert err.startswith(f"{script}:4:5: error: KeyboardInterrupt\n")
    assert "Traceback" not in err


def test_sigterm_ends_the_run_as_a_terminated_process_not_as_out_of_memory(tmp_path):
    # the supervisor kills its worker with SIGKILL on SIGTERM; it reported that as the kernel's OOM killer
    script = tmp_path / "spin.grad"
    script.write_text(SPIN)
    child = _start(script)
    assert child.stdout.readline() == "started\n"
    os.kill(child.pid, signal.SIGTERM)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 128 + signal.SIGTERM
    assert err == ""


@pytest.mark.parametrize("code, status", [
    ("2**70", 255),           # past a C long: Python ends with 255, gradcli ended with 0 (success)
    ("2**63 - 1", 255),
    ("-2**63", 0),
    ("256 + 7", 7),
    ("-1", 255),
    ("True", 1),
])
def test_sys_exit_ends_with_the_status_python_ends_with(shell, code, status):
    result = shell(f"gradcli run -e 'import sys; sys.exit({code})'")
    assert (result.returncode, result.stdout, result.stderr) == (status, "", "")
    assert shell(f"python -c 'import sys; sys.exit({code})'").returncode == status


def test_dev_null_is_an_empty_script_at_once(shell):
    # a device's end of file was taken for a FIFO without its writer: 10 s of waiting, then an error.
    # Each command is timed alone: both together took 9 s on a loaded machine without the wait.
    for command, expected in (("gradcli run /dev/null", ""), ("printf ':load /dev/null\\nprint(1)\\n' | gradcli repl", "1\n")):
        start = time.monotonic()
        result = shell(command)
        assert (result.returncode, result.stdout, result.stderr) == (0, expected, "")
        assert time.monotonic() - start < 9.5


def test_a_fifo_still_waits_for_its_writer(tmp_path, shell):
    fifo = tmp_path / "script.fifo"
    os.mkfifo(fifo)
    result = shell(f"(sleep 1; echo 'print(7)' > {fifo}) & gradcli run {fifo}")
    assert (result.returncode, result.stdout) == (0, "7\n")


def test_the_repl_hashes_a_deeply_nested_tuple_as_run_does(shell):
    # the REPL runs scripts in its own process, whose 8 MB C stack ended it on SIGSEGV (exit 139)
    resource = pytest.importorskip("resource")
    hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
    if hard != resource.RLIM_INFINITY and hard < 256 << 20:
        pytest.skip("the hard stack limit keeps the REPL's C stack small")
    lines = "t = ()\\nfor i in range(300000): t = (t,)\\n\\nd = {t: 1}\\nprint(t in d, len(d))\\n"
    result = shell(f"ulimit -Ss 8192; printf '{lines}' | gradcli repl")
    assert (result.returncode, result.stdout, result.stderr) == (0, "True 1\n", "")
