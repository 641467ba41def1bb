"""A script's generators have Python's ``send``, ``throw`` and ``close`` (they were 'generator has no
attribute'): ``throw`` raises where the generator stands, so its ``except`` and ``finally`` see it;
``close`` runs its ``finally``; ``send`` checks a just-started generator. A ``yield`` is a statement
in the language, so a sent value is dropped, as Python drops it there. The expected output is what
CPython prints for the same script, computed here."""

import contextlib
import io

from gradcli.lang import Session

SCRIPT = """
def g():
    try:
        yield 1
        yield 2
    except ValueError as err:
        print("caught", err)
        yield 10
    finally:
        print("finally")
x = g()
print(next(x), x.send(None))
try:
    x.send(5)
except StopIteration:
    print("done")
y = g()
print(next(y), y.throw(ValueError("boom")))
try:
    y.throw(KeyError("k"))
except KeyError as err:
    print("KeyError", err)
z = g()
print(next(z))
z.close()
z.close()
try:
    next(z)
except StopIteration:
    print("stopped")
w = g()
try:
    w.send(3)
except TypeError as err:
    print("TypeError:", err)
w.close()
def h():
    try:
        yield 1
    except GeneratorExit:
        yield 2
v = h()
next(v)
try:
    v.close()
except RuntimeError as err:
    print("RuntimeError:", err)
u = g()
try:
    u.throw(ValueError)
except ValueError:
    print("unstarted throw raises")
s = (i for i in range(3))
print(next(s), s.send(None))
s.close()
print(list(s))
"""


def test_send_throw_and_close_behave_as_pythons():
    expected = io.StringIO()
    with contextlib.redirect_stdout(expected):
        exec(compile(SCRIPT, "<script>", "exec"), {"__name__": "__main__"})
    out = io.StringIO()
    Session(stdout=out).run(SCRIPT)
    assert out.getvalue() == expected.getvalue()
