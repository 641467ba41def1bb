"""Python deletes the name an ``except ... as e:`` clause binds when the clause ends (``e = None;
del e``): a later read is a NameError at module level and an UnboundLocalError in a function, a
generator included. gradcli kept ``e`` bound. Each script's expected output is what CPython prints
for it, computed here."""

import contextlib
import io

import pytest

from gradcli.lang import Session

SCRIPTS = {
    "module level": (
        "err0 = 5\ntry:\n    1 / 0\nexcept ZeroDivisionError as err0:\n    print('caught', type(err0).__name__)\n"
        "try:\n    print(err0)\nexcept NameError as err:\n    print('NameError:', err)\n"),
    "function": (
        "def f():\n    try:\n        raise ValueError('x')\n    except ValueError as exc:\n        pass\n    return exc\n"
        "try:\n    f()\nexcept UnboundLocalError as err:\n    print('UnboundLocalError:', err)\n"),
    "generator": (
        "def g():\n    for i in range(2):\n        try:\n            raise KeyError(i)\n        except KeyError as k:\n"
        "            yield str(k)\n    try:\n        yield k\n    except NameError as err:\n        yield str(err)\n"
        "print(list(g()))\n"),
    "returned from the clause": (
        "def h():\n    try:\n        raise ValueError(1)\n    except ValueError as v:\n        return v\nprint(repr(h()))\n"),
    "left by another error": (
        "try:\n    try:\n        raise ValueError(2)\n    except ValueError as w:\n        raise KeyError(3)\n"
        "except KeyError:\n    pass\ntry:\n    print(w)\nexcept NameError as err:\n    print('NameError:', err)\n"),
    "rebound in the clause": (
        "try:\n    raise ValueError(4)\nexcept ValueError as q:\n    q = 'kept?'\ntry:\n    print(q)\n"
        "except NameError as err:\n    print('NameError:', err)\n"),
}


def _python(source: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<script>", "exec"), {"__name__": "__main__"})
    return out.getvalue()


@pytest.mark.parametrize("source", SCRIPTS.values(), ids=SCRIPTS.keys())
def test_the_except_name_is_unbound_after_the_clause_as_in_python(source):
    out = io.StringIO()
    Session(stdout=out).run(source)
    assert out.getvalue() == _python(source)
