"""A daemon thread that calls a function when a run's deadline comes: the engine's request for its time
check (instrumentation.request_interrupt), so that an op checks the time only once it is due, with one
comparison, instead of counting ops down to a clock read (issue 13: a script's loop as fast as Python's).

One thread per process, started on the first time limit, holding one deadline at a time: the innermost
run's (a run started by a Python function inside another run puts the outer deadline back when it
ends). A deadline that changed after it was armed (``Session.show`` starts its own clock) only makes
the thread fire early: the check then finds time left and arms the deadline now running.
"""

from __future__ import annotations

import os
import threading
import time

STACK_SIZE = 256 << 10  # the thread only waits and sets a flag; the worker's RLIMIT_STACK (256 MB) would
                        # otherwise be its stack too, inside the worker's address-space cap


class Watchdog:
    """Calls ``fire`` at ``deadline`` (time.monotonic seconds) unless armed again or disarmed first."""

    def __init__(self):
        self._deadline = None       # the deadline armed, or None
        self._fire = None
        self._no_thread()
        if hasattr(os, "register_at_fork"):     # a forked child has no thread, and maybe a lock left held
            os.register_at_fork(after_in_child=self._no_thread)

    def _no_thread(self) -> None:
        self._condition = threading.Condition(threading.Lock())
        self._running = False
        self._waiting_until = None  # when the thread wakes next, None while it waits for an arm

    def armed(self) -> tuple:
        """(deadline, fire) armed now, for ``arm(*armed)`` to put back."""
        return self._deadline, self._fire

    def arm(self, deadline: float | None, fire=None) -> None:
        """Fire at ``deadline`` (None: disarm); ``fire`` None keeps the function armed before. The thread
        is woken only for a deadline before the time it sleeps until: a run that follows another arms a
        later deadline and costs a lock, not a thread switch."""
        if deadline == self._deadline and (fire is None or fire is self._fire):
            return      # (the time check arms the deadline it found after every early fire)
        with self._condition:
            self._deadline = deadline
            if fire is not None:
                self._fire = fire
            if deadline is None:
                return
            if not self._running:
                self._start()
            elif self._waiting_until is None or deadline < self._waiting_until:
                self._condition.notify()

    def _start(self) -> None:
        self._running = True
        previous = threading.stack_size(STACK_SIZE)
        try:
            threading.Thread(target=self._watch, name="gradcli-watchdog", daemon=True).start()
        finally:
            threading.stack_size(previous)

    def _watch(self) -> None:
        with self._condition:
            while True:
                deadline = self._deadline
                if deadline is None:
                    self._waiting_until = None
                    self._condition.wait()
                    continue
                left = deadline - time.monotonic()
                if left > 0:
                    self._waiting_until = deadline
                    # at most TIMEOUT_MAX (~292 years): a longer wait (--timeout 1e10, or the infinite
                    # deadline of a session that has not run yet) raised OverflowError and ended the thread
                    self._condition.wait(min(left, threading.TIMEOUT_MAX))
                    continue
                fire, self._deadline = self._fire, None
                fire()


WATCHDOG = Watchdog()
