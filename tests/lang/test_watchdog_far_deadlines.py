"""A deadline further than the longest wait a lock takes (threading.TIMEOUT_MAX, ~292 years) leaves
the watchdog running: `gradcli run --timeout 1e10`, and a REPL's :vars before its first statement
(the session's deadline was still infinite), printed 'Exception in thread gradcli-watchdog' with
Python's traceback (OverflowError: timestamp out of range for platform time_t), and with the thread
gone no later deadline of the process fired."""
import threading
import time

import pytest

from gradcli import engine
from gradcli.lang import GradcliError, Limits, Session
from gradcli.lang.watchdog import Watchdog


@pytest.mark.parametrize("far", [float("inf"), 1e10, threading.TIMEOUT_MAX * 2])
def test_a_far_deadline_keeps_the_thread_and_a_near_one_still_fires(far):
    errors = []
    hook, threading.excepthook = threading.excepthook, errors.append
    try:
        watchdog, fired = Watchdog(), threading.Event()
        watchdog.arm(time.monotonic() + far, fired.set)
        time.sleep(0.2)
        watchdog.arm(time.monotonic() + 0.1)
        assert fired.wait(5.0)
    finally:
        threading.excepthook = hook
    assert errors == []


def spin():
    """Engine ops and nothing else for 10 s: only the watchdog can stop it."""
    x = engine.ones(3)
    end = time.monotonic() + 10.0
    while time.monotonic() < end:
        x = x * 1.0


def test_a_script_with_a_huge_time_limit_leaves_later_limits_enforced(capsys):
    far = Session(limits=Limits(timeout=1e10))
    far.set("pause", lambda: time.sleep(0.3))      # the watchdog waits for the far deadline meanwhile
    far.run("pause()")
    near = Session(limits=Limits(timeout=0.3))
    near.set("spin", spin)
    start = time.monotonic()
    with pytest.raises(GradcliError) as info:
        near.run("spin()")
    assert info.value.kind == "limit" and time.monotonic() - start < 5.0
    assert "Traceback" not in capsys.readouterr().err
