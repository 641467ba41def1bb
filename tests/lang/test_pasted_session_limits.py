"""A pasted `>>>` session runs under one time limit, as any script: each prompt started a fresh budget,
so five prompts of 0.8 s ran 4 s under a 1 s limit (and parsed without the limit's check)."""
import io
import time

import pytest

from gradcli.lang import GradcliError, Limits, Session

PROMPT = ">>> t0 = time.time()\n>>> while time.time() - t0 < 0.8:\n...     pass\n"


def test_the_prompts_of_a_paste_share_one_time_limit():
    session = Session(stdout=io.StringIO(), limits=Limits(timeout=1.0))
    start = time.monotonic()
    with pytest.raises(GradcliError) as info:
        session.run(">>> import time\n" + PROMPT * 5, "paste.grad")
    assert info.value.kind == "limit" and info.value.message == "time limit of 1 s exceeded"
    assert time.monotonic() - start < 2.5
    assert session.run("1 + 1") == 2      # the next run has its own


def test_a_paste_within_the_limit_still_runs_each_prompt(out, session):
    session.run(">>> x = 2\n>>> x * 3\n6\n>>> 1/0\nTraceback (most recent call last):\n"
                "ZeroDivisionError: division by zero\n>>> x + 1\n3\n")
    assert out.getvalue() == "6\nZeroDivisionError: division by zero\n3\n"
