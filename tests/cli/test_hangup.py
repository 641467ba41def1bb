"""SIGHUP (the terminal closed, a parent's `kill -HUP`) ends the command's worker too: the supervisor
ended alone and the worker ran on until its own time limit (an hour with --timeout 3600)."""
import os
import signal
import subprocess
import sys
import time

import pytest


@pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not hasattr(os, "fork"), reason="POSIX signals and fork")
def test_a_hangup_ends_the_worker_with_its_supervisor(tmp_path):
    script = tmp_path / "spin.grad"
    script.write_text("print('started', flush=True)\nwhile True:\n    pass\n")
    p = subprocess.Popen([sys.executable, "-m", "gradcli", "run", "--timeout", "600", str(script)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert p.stdout.readline() == "started\n"
        os.kill(p.pid, signal.SIGHUP)
        _, err = p.communicate(timeout=30)      # the pipes close: no worker holds them any more
        assert (p.returncode, err) == (128 + signal.SIGHUP, "")
        time.sleep(0.2)
        with pytest.raises(ProcessLookupError):
            os.killpg(p.pid, 0)         # nothing of the command's process group is left
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
