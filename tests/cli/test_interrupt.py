"""Ctrl-C in a long script: the line it stopped, exit status 130, no Python traceback."""

import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
@pytest.mark.parametrize("worker", ["1", "0"], ids=["in-process", "supervised"])
def test_ctrl_c_names_the_line_the_script_was_running(tmp_path, worker):
    script = tmp_path / "spin.grad"
    script.write_text("def spin(n):\n    while True:\n        n += 1\nprint('started', flush=True)\nspin(0)\n")
    env = dict(os.environ, NO_COLOR="1", GRADCLI_NO_WORKER=worker)
    child = subprocess.Popen([sys.executable, "-m", "gradcli", "run", str(script)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert child.stdout.readline() == "started\n"
    time.sleep(0.3)
    os.killpg(child.pid, signal.SIGINT)      # what the terminal sends to the foreground group
    _, err = child.communicate(timeout=30)
    assert child.returncode == 130
    assert err.startswith(f"{script}:3:9: error: KeyboardInterrupt\n")
    assert "  line 5, in <module>\n" in err and "  line 3, in spin\n" in err
    assert "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_ctrl_c_in_a_function_that_only_spins_names_the_function_not_its_caller(tmp_path):
    # `while True: pass` records no line of its own: the error named the caller's line as the function's
    script = tmp_path / "idle.grad"
    script.write_text("def idle():\n    while True:\n        pass\nprint('started', flush=True)\nidle()\n")
    env = dict(os.environ, NO_COLOR="1")
    child = subprocess.Popen([sys.executable, "-m", "gradcli", "run", str(script)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert child.stdout.readline() == "started\n"
    time.sleep(0.3)
    os.killpg(child.pid, signal.SIGINT)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 130
    assert err.startswith(f"{script}:2:5: error: KeyboardInterrupt\n")
    assert "  line 5, in <module>\n    idle()\n  line 2, in idle\n    while True:\n" in err
