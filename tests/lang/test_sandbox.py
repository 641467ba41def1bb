"""Scripts are untrusted: every escape attempt ends in a clear language error
with a position, and the session keeps working afterwards."""

import re

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.fixture(scope="module")
def session():
    s = Session(limits=Limits(timeout=1.0, max_elements=1_000_000))
    s.run("x = torch.ones(3, requires_grad=True)\ny = (x * 2).sum()\nl = [1, 2]\ns = 'abc'")
    return s


ESCAPES = [
    # dunder chains and private attributes
    ("().__class__.__bases__", "attribute"),
    ("x.__dict__", "attribute"),
    ("x.__class__", "attribute"),
    ("(1).__class__", "attribute"),
    ("''.__class__.__mro__[1].__subclasses__()", "attribute"),
    ("x.grad_fn", None),  # a leaf: None, no error; listed to pin the baseline
    ("y.grad_fn.__class__", "attribute"),
    ("y.grad_fn.name.__self__", "attribute"),
    ("x._data", "attribute"),
    ("x._foo = 1", "attribute"),
    ("x.shape.__class__", "attribute"),
    ("torch.float32.__class__", "attribute"),
    ("torch.__dict__", "attribute"),
    ("nn.__dict__", "attribute"),
    ("math.__loader__", "attribute"),
    ("F.relu.__globals__", "attribute"),
    ("torch.tensor.__wrapped__", "attribute"),
    ("x.backward.__func__", "attribute"),
    ("x.register_hook.__self__", "attribute"),
    ("print.__self__", "attribute"),
    ("sum.__module__", "attribute"),
    ("Function.__subclasses__", "attribute"),
    ("d = {}\nd.__class__", "attribute"),
    # format tricks
    # (str.format is gradcli's own: field attributes go through the attribute policy, widths are
    # limited)
    ("'{0.__class__}'.format(x)", "attribute"),
    ("'{x.__class__}'.format(x=1)", "attribute"),
    ("'{x.__init__}'.format(x=1)", "attribute"),
    ("'{0._data}'.format(x)", "attribute"),
    ("'{0[0].__class__.__subclasses__}'.format([1])", "attribute"),
    ("'{:{}}'.format(1, 999999999)", "limit"),
    ("'{:999999999}'.format(1)", "limit"),
    ("format(1, '999999999')", "limit"),
    ('f"{x.__class__}"', "attribute"),
    ("'%999999999d' % 1", "limit"),
    ("f'{1:999999999}'", "limit"),
    # builtins that reach Python
    ("getattr(x, '__class__')", "attribute"),
    ("getattr(x, '__dict__')", "attribute"),
    ("setattr(x, '__class__', 1)", "attribute"),
    # type(x): plain types expose __name__ only, everything else is an opaque token
    ("type(x).__mro__", "attribute"),
    ("type(x).__subclasses__", "attribute"),
    ("type(x).__dict__", "attribute"),
    ("type(x)(3)", "type"),
    ("type(x)._cls", "attribute"),
    ("type(x).__name__ = 'y'", "attribute"),
    ("type(1).__base__", "attribute"),
    ("type(1).__mro__[-1].__subclasses__()", "attribute"),
    ("type(()).__subclasses__", "attribute"),
    ("type(None).__init__", "attribute"),
    ("type(type(1))(1)", "type"),
    ("type(y.grad_fn).__init__", "attribute"),
    ("type(print).__call__", "attribute"),
    ("type('x', (), {})", "type"),
    ("RuntimeError.__subclasses__()", "attribute"),
    ("ValueError.__mro__", "attribute"),
    ("try:\n    1/0\nexcept Exception as e:\n    e.__traceback__", "attribute"),
    ("try:\n    1/0\nexcept Exception as e:\n    e.with_traceback", "attribute"),
    ("object.__subclasses__()", "attribute"),
    ("object.__init__", "attribute"),
    ("eval('1')", "name"),
    ("exec('1')", "name"),
    ("compile('1', '', 'eval')", "name"),
    ("open('/etc/passwd')", "name"),
    ("__import__('os')", "name"),
    ("globals()", "name"),
    ("locals()", "name"),
    ("vars(x)", "name"),
    ("breakpoint()", "name"),
    ("input()", "name"),
    ("help(x)", "name"),
    ("super()", "runtime"),
    ("memoryview(s)", "name"),
    ("import os\nos.system('ls')", "attribute"),     # os is a stub: environ, getenv, path strings
    ("import os\nos.path.exists('/etc')", "attribute"),
    ("from os import system", "attribute"),
    ("import subprocess", "import"),
    ("import torch.nn.functional as G; G.__dict__", "attribute"),
    ("x.detach().numpy().tofile('/tmp/x')", "attribute"),
    # generators, frames, functions, lambdas, decorators, comprehensions, classes
    ("(i for i in [1]).gi_frame", "attribute"),
    ("(lambda: 0).__code__", "attribute"),
    ("def f(a=print): return a\nf().__self__", "attribute"),
    ("def _f(): pass\n_f.__code__", "attribute"),
    ("@print.__call__\ndef g(): pass", "attribute"),
    ("[c for c in ().__class__.__mro__]", "attribute"),
    ("[v for v in [x]][0].__dict__", "attribute"),
    ("class A(int): pass", "type"),          # a plain class is fine; a Python base is not
    ("class A(Function):\n    def __init__(self): pass", "syntax"),
    # resources
    ("zeros(100000, 100000)", "limit"),
    ("randn(2000, 2000)", "limit"),
    ("ones(2000)[:, None] * ones(2000)[None, :]", "limit"),
    ("(" * 10_000 + "1" + ")" * 10_000, "limit"),
    ("-" * 5000 + "1", "limit"),
    ("9**9**9**9", "limit"),
    ("2 ** 100000", "limit"),
    ("n = 10 ** 4000\nn * n * n", "limit"),
    ("'a' * 10**10", "limit"),
    ("[0] * 10**10", "limit"),
    ("list(range(10**12))", "limit"),
    ("l2 = [1]\nwhile True: l2.extend(l2)", "limit"),
    ("'-'.join(['x' * 10**6] * 100)", "limit"),
    ("while True: pass", "limit"),
    ("def f(n): return f(n + 1)\nf(0)", "runtime"),
    ("g = lambda n: g(n + 1)\ng(0)", "runtime"),
    ("nest = []\nfor i in range(100000): nest = [nest]\nprint(nest)", "limit"),
]


@pytest.mark.parametrize("source, kind", ESCAPES, ids=[s[:40] for s, _ in ESCAPES])
def test_escape_attempt_is_refused(session, source, kind):
    if kind is None:
        assert session.run(source) is None
        return
    with pytest.raises(GradcliError) as info:
        session.run(source, "escape.grad")
    err = info.value
    assert err.kind == kind, err
    assert err.span is not None and err.line >= 1 and err.column >= 1
    assert err.filename == "escape.grad"
    assert session.run("1 + 1") == 2
    assert session.eval("(x * 3).sum().item()") == 9.0


def test_dir_lists_only_what_a_script_may_read(session):
    names = session.eval("dir(x)")
    assert "requires_grad" in names and "register_hook" in names
    assert not [n for n in names if n.startswith("__") or n == "_data"]
    assert session.eval("[a for a in dir(y.grad_fn) if a.startswith('_saved')]") == ["_saved_self_sym_sizes"]
    assert "ReLU" in session.eval("dir(torch.nn)")
    # listed without being read, as torch's dir lists them: reading H of a 1-D tensor raises
    assert {"H", "mT", "grad", "is_leaf"} <= set(names)
    assert session.eval("getattr(x, [n for n in dir(x) if n == 'is_leaf'][0])") is True


def test_type_gives_plain_types_and_names(session):
    assert session.eval("type((1,)) is tuple, type([]) is list, type({}) is dict") == (True,) * 3
    assert session.eval("type(1).__name__, type(None).__name__, type('s') is str") == (
        "int", "NoneType", True)
    assert session.eval("type(x).__name__, type(y.grad_fn).__name__") == ("Tensor", "SumBackward0")
    assert session.eval("type(x) is type(torch.zeros(2)), type(x) == type(y.grad_fn)") == (
        True, False)
    assert repr(session.eval("type(x)")) == "<class 'torch.Tensor'>"
    assert session.attributes(session.eval("type(x)")) == ["__name__"]
    assert session.attributes(session.eval("type(1)")) == ["__name__"]


LIMITS_INSIDE_TRY = [
    "try:\n    while True: pass\nexcept Exception:\n    pass",
    "try:\n    zeros(100000, 100000)\nexcept Exception:\n    pass",
    "try:\n    '-'.join(['x' * 10**6] * 100)\nexcept Exception:\n    pass",
    "while True:\n    try:\n        pass\n    finally:\n        continue",
    "try:\n    2 ** 100000\nexcept:\n    pass",
]


@pytest.mark.parametrize("source", LIMITS_INSIDE_TRY)
def test_except_never_catches_a_limit(session, source):
    with pytest.raises(GradcliError) as info:
        session.run(source, "limits.grad")
    assert info.value.kind == "limit"


def test_recursion_past_pythons_limit_is_pythons_recursionerror_which_a_script_may_catch(session):
    # the stack is unwound by then; a script that retries for ever still meets the time limit
    assert session.run("def f(n): return f(n + 1)\ntry:\n    f(0)\nexcept RuntimeError as e:\n"
                       "    r = repr(e)\nr") == "RecursionError('maximum recursion depth exceeded')"
    assert session.run("def f(n):\n    try:\n        return f(n + 1)\n    finally:\n        return n\nf(0)") == 0
    assert session.run("def deep(n): return 0 if n == 0 else 1 + deep(n - 1)\ndeep(990)") == 990
    with pytest.raises(GradcliError) as info:
        session.run("def g(n):\n    try:\n        return g(n + 1)\n    except RecursionError:\n"
                    "        return g(n + 1) + g(n + 1)\ng(0)", "limits.grad")
    assert info.value.kind == "limit" and "time limit" in info.value.message


def test_at_least_forty_escapes_are_listed():
    assert sum(1 for _, kind in ESCAPES if kind) >= 40


def test_user_attributes_on_tensors_and_ctx_are_readable(session):
    session.run("t = torch.ones(2)\nt.manual_grad = 5")
    assert session.eval("t.manual_grad") == 5
    assert "manual_grad" in session.attributes(session.get("t"))


def test_script_functions_hide_their_internals(session):
    session.run("def f(): return 1")
    assert session.attributes(session.get("f")) == ["__name__"]   # a string, as Python's
    assert re.fullmatch(r"<function f at 0x[0-9a-f]+>", repr(session.get("f")))   # as Python's


def test_refused_attribute_points_at_the_attribute(session):
    with pytest.raises(GradcliError) as info:
        session.run("a = 1\nb = x.__class__")
    assert (info.value.line, info.value.column) == (2, 5)


def test_class_name_reads_as_type_name_and_class_stays_refused(session):
    # module hooks and DCGAN's weights_init print m.__class__.__name__
    assert session.run("x.__class__.__name__") == "Tensor"
    assert session.run("y.grad_fn.__class__.__name__") == "SumBackward0"
    assert session.run("class A:\n    pass\nA().__class__.__name__") == "A"
    for source in ("x.__class__", "x.__class__.__name__.__class__", "x.__class__.__mro__"):
        with pytest.raises(GradcliError) as info:
            session.run(source)
        assert info.value.kind == "attribute"


def test_str_format_formats_positions_names_and_tensors(session):
    assert session.run("'{} {:.2f} {name!r}'.format(1, 2.5, name='a')") == "1 2.50 'a'"
    assert session.run("'{0} {1} {0}'.format('a', 'b')") == "a b a"
    assert session.run("'{:.3f}'.format(tensor(0.12345))") == "0.123"
    # Python's field syntax: attributes (through the attribute policy), items, nested specs
    assert session.run("'{0.shape} {1[k]} {2[1]}'.format(x, {'k': 5}, [7, 8])") == "torch.Size([3]) 5 8"
    assert session.run("'{:>{w}.{p}f}|'.format(3.14159, w=7, p=2)") == "   3.14|"
    with pytest.raises(GradcliError, match="cannot switch from automatic field numbering"):
        session.run("'{} {0}'.format(1)")
