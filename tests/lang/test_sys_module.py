"""`import sys` in scripts: the parts PyTorch programs use (stderr, stdout.write, exit, argv,
version_info), and nothing of the interpreter behind them."""

import io
import sys

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.fixture()
def session():
    return Session(stdout=io.StringIO(), limits=Limits(timeout=5.0, max_sequence=1000))


def test_print_to_stderr_goes_to_the_process_stderr_and_stdout_writes_where_print_does(session, capsys):
    session.run("import sys\nprint('warn', 1, file=sys.stderr)\nn = sys.stdout.write('out\\n')\n"
                "print(n, file=sys.stdout)\nsys.stderr.write('e2\\n')\nsys.stdout.flush()")
    assert session.stdout.getvalue() == "out\n4\n"
    assert capsys.readouterr().err == "warn 1\ne2\n"


def test_streams_print_as_pythons(session):
    session.run("import sys\nprint(sys.stdout, sys.stderr.name, sys.stdout.isatty())")
    assert session.stdout.getvalue() == (
        "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'> <stderr> False\n")


def test_argv_names_the_script_as_python_does(session):
    assert session.run("import sys\nsys.argv", "train.py") == ["train.py"]
    assert session.run("sys.argv") == ["-c"]
    assert session.run("sys.argv[1:]", "<stdin>") == []


def test_version_info_compares_and_reads_as_pythons(session):
    assert session.run("import sys\nsys.version_info >= (3, 8), sys.version_info.major, "
                       "sys.version_info[:2] == (sys.version_info.major, sys.version_info.minor)") == (
        True, sys.version_info.major, True)
    assert session.run("sys.platform, sys.maxsize") == (sys.platform, sys.maxsize)


def test_sys_exit_ends_the_run_as_exit_does(session):
    session.run("import sys\nprint('before')\nsys.exit(0)\nprint('after')")
    assert session.stdout.getvalue() == "before\n"
    with pytest.raises(GradcliError, match="SystemExit: 3"):
        session.run("sys.exit(3)")


def test_sys_exit_with_an_object_prints_it_and_ends_with_status_1(session):
    # a tensor's == 0 is a tensor: the exit raised "Boolean value of Tensor ... is ambiguous", no position
    with pytest.raises(GradcliError) as info:
        session.run("import sys\nsys.exit(torch.ones(2))", "exit.grad")
    assert (info.value.message, info.value.exit_code, info.value.exit_quietly) == ("tensor([1., 1.])", 1, False)


def test_a_limit_in_the_exit_codes_str_names_the_script(session):
    # it named "<string>", where the run's error names the script
    with pytest.raises(GradcliError) as info:
        Session(limits=Limits(timeout=0.3)).run("import sys\nclass C:\n    def __str__(self):\n"
                                                 "        while True:\n            pass\nsys.exit(C())",
                                                 "exit.grad")
    assert (info.value.kind, info.value.filename, info.value.line) == ("limit", "exit.grad", 4)


def test_a_write_is_bounded_by_the_string_limit(session):
    with pytest.raises(GradcliError) as info:
        session.run("import sys\nsys.stdout.write('x' * 5000)")
    assert info.value.kind == "limit"
    with pytest.raises(GradcliError, match="write.. argument must be str, not int"):
        session.run("sys.stdout.write(3)")


@pytest.mark.parametrize("source", [
    "sys.path", "sys.modules", "sys._getframe", "sys.settrace", "sys.executable", "sys.stdin",
    "sys.__stdout__", "sys.exc_info", "sys.getrefcount", "sys.setrecursionlimit",
    "sys.stdout._target", "sys.stdout.buffer", "sys.stdout.fileno", "sys.stderr.__class__",
    "sys.stdout.write.__self__", "sys.stdout.write.__func__", "sys.stdout._state", "sys.exit._fn",
    "sys.exit.__call__", "sys.version_info.__class__", "sys.version_info.__reduce__", "sys.argv.__class__",
    "print(1, file=sys.stdout._target)", "print(1, file=3)",
])
def test_sys_reaches_nothing_of_the_interpreter(session, source):
    with pytest.raises(GradcliError) as info:
        session.run("import sys\n" + source, "escape.grad")
    err = info.value
    assert err.kind == "attribute", err
    assert err.line == 2 and err.column >= 1 and err.filename == "escape.grad"


def test_the_refusal_says_why(session):
    with pytest.raises(GradcliError, match="sys.path is not available in gradcli scripts: it reaches the "
                                           "Python interpreter"):
        session.run("import sys\nsys.path.append('/tmp')")
