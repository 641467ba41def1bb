"""The time limit inside the engine: a watchdog thread asks for the check at the deadline, and the next
op makes it (issue 13: the op path pays one comparison, not a countdown and a call)."""
import time

import pytest

from gradcli import engine
from gradcli.engine import instrumentation
from gradcli.lang import GradcliError, Limits, Session
from gradcli.lang.watchdog import WATCHDOG

FAST = 5.0


def spin():
    """Engine ops and nothing else for 10 s (a time limit not enforced ends the test, not the process):
    no script loop or script call that would check the time itself."""
    x = engine.ones(3)
    end = time.monotonic() + 10.0
    while time.monotonic() < end:
        x = x * 1.0


def stopped_in(session: Session, source: str) -> float:
    start = time.monotonic()
    with pytest.raises(GradcliError) as info:
        session.run(source)
    assert info.value.kind == "limit" and "time limit of 0.3 s exceeded" in info.value.message
    return time.monotonic() - start


def test_engine_ops_stop_at_the_deadline_and_the_engine_is_left_as_it_was():
    s = Session(limits=Limits(timeout=0.3))
    s.set("spin", spin)
    assert 0.3 <= stopped_in(s, "spin()") < FAST
    assert (instrumentation.cap, instrumentation.interrupt, instrumentation.limit) == (None, None, None)
    assert WATCHDOG.armed()[0] is None
    assert s.run("(torch.ones(2) * 2).sum().item()") == 4.0


def test_a_deadline_left_from_an_earlier_run_does_not_stop_the_next():
    s = Session(limits=Limits(timeout=0.3))
    s.set("spin", spin)
    s.run("x = torch.ones(2)\nclass Slow:\n    def __repr__(self):\n        spin()\n        return 'slow'\n")
    time.sleep(0.4)     # past that run's deadline, which the next run arms before it starts its own clock
    assert s.run("for i in range(3):\n    x = x * 2\nx.sum().item()") == 16.0
    slow = s.run("Slow()")
    time.sleep(0.4)
    start = time.monotonic()
    with pytest.raises(GradcliError, match="time limit of 0.3 s exceeded"):
        s.show(slow)    # it arms the last run's deadline, then starts a clock of its own
    assert time.monotonic() - start < FAST


def test_a_run_inside_a_run_puts_the_outer_deadline_back():
    inner = Session(limits=Limits(timeout=30.0))
    outer = Session(limits=Limits(timeout=0.3))

    def inner_then_spin():
        assert inner.run("(torch.ones(2) + 1).sum().item()") == 4.0
        spin()
    outer.set("work", inner_then_spin)
    assert stopped_in(outer, "work()") < FAST


def test_the_element_limit_still_comes_first():
    s = Session(limits=Limits(timeout=0.3, max_elements=1000))
    with pytest.raises(GradcliError, match="exceeds the limit of 1000 elements"):
        s.run("torch.ones(40, 40)")
    with pytest.raises(GradcliError, match="exceeds the limit of 1000 elements"):
        s.run("torch.ones(40, 1) * torch.ones(1, 40)")


def test_a_request_made_before_a_run_inside_a_run_is_not_lost():
    # the outer deadline passes, the watchdog asks for the check (cap -1) and disarms; the inner run's
    # install reset cap and its end put back "nothing armed": the outer run's engine ops ran unchecked
    inner = Session(limits=Limits(timeout=30.0))
    outer = Session(limits=Limits(timeout=0.3))

    def asked_then_inner_then_spin():
        end = time.monotonic() + FAST
        while instrumentation.cap != -1 and time.monotonic() < end:
            time.sleep(0.01)        # (no engine op: the request stays pending)
        assert instrumentation.cap == -1
        assert inner.run("(torch.ones(2) + 1).sum().item()") == 4.0
        spin()
    outer.set("work", asked_then_inner_then_spin)
    assert stopped_in(outer, "work()") < FAST
