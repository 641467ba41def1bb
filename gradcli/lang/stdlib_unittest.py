"""``unittest`` for scripts: ``class T(unittest.TestCase)`` with the assert methods, and
``unittest.main()`` running the script's test classes as Python's runner does (classes by their
global name, ``test*`` methods alphabetically, setUp/tearDown around each, the dots and the
summary on standard error, then the exit: 0 when every test passed).

The assert methods are Python's messages (``1 != 2 : note``); a test's failure is the
AssertionError a script statement raised, an error any other exception; the run's limits (time,
size) still end the whole script.
"""

from __future__ import annotations

import collections
import re
import sys
import time

from .compile_errors import catchable, python_exception
from .errors import GradcliError, ScriptExit
from .limits import interruptible
from .sandbox import ScriptObject

ASSERTIONS = ("assertEqual assertNotEqual assertTrue assertFalse assertIs assertIsNot assertIsNone "
              "assertIsNotNone assertIn assertNotIn assertIsInstance assertNotIsInstance assertAlmostEqual "
              "assertNotAlmostEqual assertGreater assertGreaterEqual assertLess assertLessEqual assertRaises "
              "assertRaisesRegex assertCountEqual assertListEqual assertTupleEqual assertDictEqual "
              "assertSequenceEqual assertSetEqual fail skipTest subTest setUp tearDown").split()


class SkipTest(Exception):
    """``self.skipTest(reason)`` / ``@unittest.skip``: the test is skipped."""


def _message(standard: str, msg) -> str:
    return standard if msg is None else f"{standard} : {msg}"


class _Raises:
    """``with self.assertRaises(E) as cm:``: passes when the block raises E (kept as
    ``cm.exception``), fails when it raises nothing."""

    __slots__ = ("_expected", "_pattern", "exception")

    def __init__(self, expected, pattern=None):
        self._expected = expected
        self._pattern = pattern
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind is None:
            name = getattr(self._expected, "__name__", str(self._expected))
            raise AssertionError(f"{name} not raised")
        if not issubclass(kind, self._expected):
            return False
        if self._pattern is not None:
            with interruptible():
                found = re.search(self._pattern, str(exc))
            if not found:
                raise AssertionError(f'"{self._pattern}" does not match "{exc}"')
        self.exception = exc
        return True


def _counted(items: list, x) -> int:
    """``items.count(x)`` for unhashable elements, with the run's time check between counts."""
    from gradcli.engine import instrumentation
    if instrumentation.interrupt is not None:
        instrumentation.interrupt()
    return items.count(x)


class _SubTest:
    __slots__ = ()

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        return False


class TestCase(ScriptObject):
    """The base of a script's test classes."""

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def fail(self, msg=None):
        raise AssertionError(msg)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def subTest(self, msg=None, **params):
        return _SubTest()

    def assertEqual(self, first, second, msg=None):
        if not first == second:
            raise AssertionError(_message(f"{first!r} != {second!r}", msg))

    assertListEqual = assertTupleEqual = assertDictEqual = assertSequenceEqual = assertSetEqual = assertEqual

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            raise AssertionError(_message(f"{first!r} == {second!r}", msg))

    def assertTrue(self, expr, msg=None):
        if not expr:
            raise AssertionError(_message(f"{expr!r} is not true", msg))

    def assertFalse(self, expr, msg=None):
        if expr:
            raise AssertionError(_message(f"{expr!r} is not false", msg))

    def assertIs(self, first, second, msg=None):
        if first is not second:
            raise AssertionError(_message(f"{first!r} is not {second!r}", msg))

    def assertIsNot(self, first, second, msg=None):
        if first is second:
            raise AssertionError(_message(f"unexpectedly identical: {first!r}", msg))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            raise AssertionError(_message(f"{obj!r} is not None", msg))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            raise AssertionError(_message("unexpectedly None", msg))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            raise AssertionError(_message(f"{member!r} not found in {container!r}", msg))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            raise AssertionError(_message(f"{member!r} unexpectedly found in {container!r}", msg))

    def assertIsInstance(self, obj, cls, msg=None):
        from .sandbox import script_isinstance
        if not script_isinstance(obj, cls):
            raise AssertionError(_message(f"{obj!r} is not an instance of {cls!r}", msg))

    def assertNotIsInstance(self, obj, cls, msg=None):
        from .sandbox import script_isinstance
        if script_isinstance(obj, cls):
            raise AssertionError(_message(f"{obj!r} is an instance of {cls!r}", msg))

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = f"{first!r} != {second!r} within {delta!r} delta ({diff!r} difference)"
        else:
            places = 7 if places is None else places
            if round(diff, places) == 0:
                return
            standard = f"{first!r} != {second!r} within {places!r} places ({diff!r} difference)"
        raise AssertionError(_message(standard, msg))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            if not first == second and diff > delta:
                return
            standard = f"{first!r} == {second!r} within {delta!r} delta ({diff!r} difference)"
        else:
            places = 7 if places is None else places
            if not first == second and round(diff, places) != 0:
                return
            standard = f"{first!r} == {second!r} within {places!r} places"
        raise AssertionError(_message(standard, msg))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            raise AssertionError(_message(f"{a!r} not greater than {b!r}", msg))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            raise AssertionError(_message(f"{a!r} not greater than or equal to {b!r}", msg))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            raise AssertionError(_message(f"{a!r} not less than {b!r}", msg))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            raise AssertionError(_message(f"{a!r} not less than or equal to {b!r}", msg))

    def assertCountEqual(self, first, second, msg=None):
        a, b = list(first), list(second)
        try:        # Python's unittest counts hashable elements with a Counter: a.count(x) per x was
            equal = collections.Counter(a) == collections.Counter(b)    # quadratic in one engine loop
        except TypeError:
            equal = len(a) == len(b) and all(_counted(a, x) == _counted(b, x) for x in a)
        if not equal:
            raise AssertionError(_message("Element counts were not equal", msg))

    def assertRaises(self, expected, *args, **kwargs):
        return self._raises(expected, None, args, kwargs)

    def assertRaisesRegex(self, expected, pattern, *args, **kwargs):
        return self._raises(expected, pattern, args, kwargs)

    def _raises(self, expected, pattern, args, kwargs):
        context = _Raises(expected, pattern)
        if not args:
            return context
        fn, *rest = args
        try:
            fn(*rest, **kwargs)
        except GradcliError as err:
            if not catchable(err):
                raise
            exc = python_exception(err)
            if not context.__exit__(type(exc), exc, None):
                raise
            return None
        except Exception as exc:
            if not context.__exit__(type(exc), exc, None):
                raise
            return None
        context.__exit__(None, None, None)


TestCase.__module__ = "unittest"


def _skip(reason):
    def decorate(fn):
        def skipped(*args, **kwargs):
            raise SkipTest(reason)
        return skipped if not isinstance(fn, type) else fn
    return decorate


def _outcome(err) -> tuple:
    """('F' or 'E' or 's', the exception line) for what a test raised."""
    exc = python_exception(err) if isinstance(err, GradcliError) else err
    if isinstance(exc, SkipTest):
        return "s", str(exc)
    label = "F" if isinstance(exc, AssertionError) else "E"
    text = str(exc)
    return label, f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def unittest_members(policy, globals_) -> dict:
    policy.allow(TestCase, ASSERTIONS)
    policy.allow(_Raises, ("exception",))
    policy.allow_class_name(SkipTest)

    def run(cls, name, stream, verbosity, problems) -> str:
        test = cls(name)
        label = str_test(cls, name)
        if verbosity > 1:
            stream.write(f"{label} ... ")
            stream.flush()
        try:
            test.setUp()
            try:
                getattr(test, name)()
            finally:
                test.tearDown()
            mark, detail = ".", None
        except (GradcliError, Exception) as err:
            if isinstance(err, GradcliError) and not catchable(err):
                raise
            mark, detail = _outcome(err)
            if mark != "s":
                problems.append(("FAIL" if mark == "F" else "ERROR", label, detail))
        if verbosity > 1:
            word = {".": "ok", "F": "FAIL", "E": "ERROR", "s": f"skipped {detail!r}"}[mark]
            stream.write(f"{word}\n")
        else:
            stream.write(mark)
        stream.flush()
        return mark

    def str_test(cls, name):
        return f"{name} (__main__.{cls.__qualname__}.{name})"

    def main(module="__main__", defaultTest=None, argv=None, testRunner=None, testLoader=None,
             exit=True, verbosity=1, failfast=None, catchbreak=None, buffer=None, warnings=None):
        stream = sys.stderr
        classes = [value for _, value in sorted(globals_.items())
                   if isinstance(value, type) and issubclass(value, TestCase) and value is not TestCase]
        start = time.perf_counter()
        marks, problems = [], []
        for cls in classes:
            names = sorted(n for n in dir(cls) if n.startswith("test") and callable(getattr(cls, n, None)))
            if not names:
                continue
            cls.setUpClass()
            for name in names:
                marks.append(run(cls, name, stream, verbosity, problems))
            cls.tearDownClass()
        if marks:
            stream.write("\n")
        for kind, label, detail in problems:
            stream.write("=" * 70 + f"\n{kind}: {label}\n" + "-" * 70 + f"\n{detail}\n\n")
        stream.write("-" * 70 + f"\nRan {len(marks)} test{'s' if len(marks) != 1 else ''} in "
                     f"{time.perf_counter() - start:.3f}s\n\n")
        failures, errors, skipped = marks.count("F"), marks.count("E"), marks.count("s")
        details = [f"{k}={v}" for k, v in (("failures", failures), ("errors", errors), ("skipped", skipped)) if v]
        ok = not failures and not errors
        status = "OK" if ok else "FAILED"
        stream.write(status + (f" ({', '.join(details)})" if details else "") + "\n")
        stream.flush()
        if exit:
            raise ScriptExit(0 if ok else 1)
        return None

    def skip_if(condition, reason):
        return _skip(reason) if condition else (lambda fn: fn)

    def skip_unless(condition, reason):
        return _skip(reason) if not condition else (lambda fn: fn)

    return {"TestCase": TestCase, "main": main, "SkipTest": SkipTest, "skip": _skip, "skipIf": skip_if,
            "skipUnless": skip_unless}
