"""What tutorial scripts print about their values: classes as torch names them, caught exceptions
as Python shows them (args, str, repr), lambdas and functions that forward any arguments, complex
literals, and recursion to Python's own depth."""

import io

import pytest

from gradcli.lang import GradcliError, Limits, Session
from gradcli.engine.torch_class_names import TORCH_MODULES, torch_class_name


@pytest.fixture()
def session():
    return Session(stdout=io.StringIO(), limits=Limits(timeout=5.0))


def printed(session, source):
    session.run(source)
    return session.stdout.getvalue()


def test_classes_print_as_torch_names_them(session):
    assert printed(session, "import torch.nn as nn\nprint(type(torch.ones(1)), nn.Linear, type(nn.ReLU()))\n"
                            "print(f'{type(torch.float32)} {torch.optim.Adam}')") == (
        "<class 'torch.Tensor'> <class 'torch.nn.modules.linear.Linear'> "
        "<class 'torch.nn.modules.activation.ReLU'>\n<class 'torch.dtype'> <class 'torch.optim.adam.Adam'>\n")


def test_other_classes_print_as_python_names_them(session):
    assert printed(session, "class Net(nn.Module):\n    pass\nclass Plain:\n    pass\n"
                            "print(Net, type(Net()), Plain, int, type(1.5), ValueError)\n"
                            "print(type(torch.ones(1, requires_grad=True).exp().grad_fn))") == (
        "<class '__main__.Net'> <class '__main__.Net'> <class '__main__.Plain'> <class 'int'> "
        "<class 'float'> <class 'ValueError'>\n<class 'ExpBackward0'>\n")


def test_isinstance_and_issubclass_take_type_and_range(session):
    # the script's type and range are wrappers; isinstance tests against Python's classes
    assert session.run("class A:\n    pass\nisinstance(A, type), isinstance(int, type), isinstance(torch.sin, type), "
                       "isinstance(range(2), range), issubclass(A, type), isinstance(nn.Linear, (type, int))") == (
        True, True, False, True, False, True)


def test_isinstance_takes_tuples_of_torch_classes(session):
    assert session.run("m = nn.Linear(1, 1)\nisinstance(m, (nn.Conv2d, nn.Linear)), "
                       "isinstance(torch.ones(1), (nn.Module, torch.Tensor)), isinstance(m, (nn.ReLU,))") == (
        True, True, False)


def test_caught_exceptions_show_args_str_and_repr_as_python(session):
    assert session.run("try:\n    raise ValueError('bad', 3)\nexcept ValueError as e:\n"
                       "    r = (e.args, str(e), repr(e))\nr") == (("bad", 3), "('bad', 3)", "ValueError('bad', 3)")
    assert session.run("try:\n    {}['k']\nexcept KeyError as e:\n    r = (e.args, str(e), repr(e))\nr") == (
        ("k",), "'k'", "KeyError('k')")
    assert session.run("try:\n    torch.ones(2) + torch.ones(3)\nexcept RuntimeError as e:\n"
                       "    r = (len(e.args), e.args[0] == str(e), repr(e).startswith('RuntimeError('))\nr") == (
        1, True, True)
    with pytest.raises(GradcliError) as info:
        session.run("try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    e.args = ()")
    assert info.value.kind == "attribute"


def test_lambdas_and_functions_take_and_forward_any_arguments(session):
    assert session.run("f = lambda *args, **kw: (args, kw)\nf(1, 2, a=3)") == ((1, 2), {"a": 3})
    assert session.run("(lambda x, *rest: rest)(1, 2, 3), (lambda *a: a)(), (lambda x, *, y=2: x + y)(1)") == (
        (2, 3), (), 3)
    assert session.run("def g(*args, **kwargs):\n    return f(*args, **kwargs)\ng(4, b=5)") == ((4,), {"b": 5})
    with pytest.raises(GradcliError) as info:
        session.run("(lambda *a: a)(x=1)")
    assert info.value.kind == "type" and "unexpected keyword argument 'x'" in info.value.message


def test_complex_literals_are_pythons(session):
    assert session.run("z = 3 + 4j\nz, abs(z), 1.5e3j, 2J * 2j, .5j") == (3 + 4j, 5.0, 1500j, -4 + 0j, 0.5j)


def test_recursion_reaches_pythons_depth_and_then_raises_its_error(session):
    assert session.run("def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\ndepth(990)") == 990
    with pytest.raises(GradcliError) as info:
        session.run("depth(10 ** 5)", "deep.grad")
    err = info.value
    assert err.message == "RecursionError: maximum recursion depth exceeded"
    assert (err.line, err.column, err.filename) == (2, 33, "deep.grad") and err.frames


def test_the_class_names_are_torchs():
    torch = pytest.importorskip("torch")
    import importlib
    for module, names in TORCH_MODULES.items():
        for name in names.split():
            cls = getattr(importlib.import_module(module), name)
            assert f"{cls.__module__}.{cls.__qualname__}" == f"{module}.{name}"


def test_the_engine_classes_a_script_names_have_torchs_names():
    # a class the engine gains later prints its bare name until the table lists it
    torch = pytest.importorskip("torch")
    from gradcli import engine
    named = 0
    for path in ("", "nn", "optim", "utils.data"):
        ours, theirs = engine, torch
        for part in filter(None, path.split(".")):
            ours, theirs = getattr(ours, part), getattr(theirs, part)
        for name in dir(ours):
            cls, torch_cls = getattr(ours, name), getattr(theirs, name, None)
            if isinstance(cls, type) and isinstance(torch_cls, type) and torch_class_name(cls) is not None:
                assert torch_class_name(cls) == f"{torch_cls.__module__}.{torch_cls.__qualname__}", name
                named += 1
    assert named >= 180


def test_an_exception_whose_str_returns_no_string_is_reported_at_its_raise():
    # the error had no position: "error: TypeError: __str__ returned non-string (type int)"
    with pytest.raises(GradcliError) as info:
        Session(stdout=io.StringIO()).run("class E(Exception):\n    def __str__(self):\n        return 5\n"
                                          "raise E()", "str.grad")
    assert (info.value.line, info.value.message) == (4, "E: <exception str() failed>")
