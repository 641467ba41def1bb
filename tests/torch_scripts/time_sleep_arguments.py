# time.sleep checks its argument as Python does: NaN, infinity and negative lengths are errors; a bool is
# an int (sleep(False) sleeps for no time).
import time

for seconds in (float("nan"), float("inf"), 10 ** 30, -1, "1", None, False, 0.0):
    try:
        print(repr(seconds), time.sleep(seconds))
    except (ValueError, OverflowError, TypeError) as e:
        print(repr(seconds), type(e).__name__, e)
