"""Python's rules where gradcli answered otherwise (session 13): a decimal literal with leading
zeros, ``SystemExit`` and ``BaseException`` in ``try``, and the file a recorded warning names. The
expected texts are what Python prints for the same lines."""

import pytest

from gradcli.lang import GradcliError, Session


@pytest.mark.parametrize("source", ["010", "07", "x = 1\ny = 007"])
def test_a_decimal_integer_with_leading_zeros_is_pythons_syntax_error(source):
    # 010 read as ten, where Python refuses it (and Python 2 read eight)
    with pytest.raises(GradcliError) as info:
        Session().run(source)
    assert info.value.kind == "syntax" and info.value.message == (
        "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")


def test_zeros_and_other_literals_with_a_leading_zero_still_read():
    assert Session().run("00, 0_0, 07.5, 07e1, 07j, 0o17, 0x0f") == (0, 0, 7.5, 70.0, 7j, 15, 15)


def test_except_systemexit_catches_sys_exit_and_argparse_errors(out):
    # `SystemExit` was an unknown name and `except BaseException`/bare `except:` let sys.exit through
    s = Session(stdout=out)
    s.run("import sys, argparse\n"
          "try:\n    sys.exit(4)\nexcept SystemExit as e:\n    print(repr(e), e.code, type(e) is SystemExit)\n"
          "try:\n    sys.exit()\nexcept BaseException as e:\n    print(repr(e), e.code, e.args)\n"
          "try:\n    raise SystemExit\nexcept:\n    print('bare')\n"
          "p = argparse.ArgumentParser()\np.add_argument('--n', type=int)\n"
          "try:\n    p.parse_args(['--n', 'x'])\nexcept SystemExit as e:\n    print('usage error', e.code)\n")
    assert out.getvalue() == "SystemExit(4) 4 True\nSystemExit() None ()\nbare\nusage error 2\n"


def test_except_exception_still_lets_sys_exit_end_the_run():
    with pytest.raises(GradcliError) as info:
        Session().run("import sys\ntry:\n    sys.exit(5)\nexcept Exception:\n    pass\nprint('not reached')")
    assert (info.value.exit_code, info.value.exit_quietly) == (5, True)


def test_raise_systemexit_ends_the_run_as_sys_exit_does():
    with pytest.raises(GradcliError) as info:
        Session().run("raise SystemExit('checkpoint written')")
    assert (info.value.message, info.value.exit_code) == ("checkpoint written", 1)
    assert Session().run("raise SystemExit(0)\n1") is None


def test_a_generator_catches_sys_exit_as_a_function_does():
    assert Session().run("import sys\ndef g():\n    try:\n        yield 1\n        sys.exit(9)\n"
                         "    except SystemExit as e:\n        yield e.code\nlist(g())") == [1, 9]


def test_a_base_exception_is_not_an_exception():
    assert Session().run("try:\n    raise BaseException('b')\nexcept Exception:\n    r = 'wrong'\n"
                         "except BaseException as e:\n    r = repr(e)\nr") == "BaseException('b')"


def test_the_exit_exception_hands_scripts_only_its_code_and_args():
    s = Session()
    s.run("try:\n    exit(2)\nexcept SystemExit as caught:\n    e = caught")
    assert s.eval("e.code, e.args") == (2, (2,))
    for name in ("__class__", "__traceback__", "__context__", "with_traceback"):
        with pytest.raises(GradcliError) as info:
            s.run(f"e.{name}")
        assert info.value.kind == "attribute"


def test_a_recorded_warning_names_the_script_and_its_line():
    # it named gradcli's own file (gradcli/lang/compile_expressions.py) and a line of it
    s = Session()
    s.run("import warnings\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n"
          "    warnings.warn('lr is large')", "train.grad")
    assert s.eval("w[0].filename, w[0].lineno, str(w[0].message)") == ("train.grad", 4, "lr is large")


SEEDS = ["1.5", "-1", "2**64 - 1", "-2**63", "True", "'3'", "2**64", "2**200", "-2**63 - 1"]


@pytest.mark.parametrize("seed", SEEDS)
def test_manual_seed_takes_and_refuses_what_torch_does(seed):
    # torch.manual_seed(2**200) raised in torch and seeded gradcli; manual_seed(1.5) was refused
    torch = pytest.importorskip("torch")
    try:
        torch.manual_seed(eval(seed))
        expected = str(torch.initial_seed())
    except ValueError as err:
        expected = f"ValueError: {err}"
    s = Session()
    try:
        s.run(f"torch.manual_seed({seed})")
        got = str(s.eval("torch.initial_seed()"))
    except GradcliError as err:
        got = err.message
    assert got == expected


def test_a_generators_own_manual_seed_takes_only_an_int():
    with pytest.raises(GradcliError) as info:
        Session().run("torch.Generator().manual_seed(1.5)")
    assert info.value.message == "RuntimeError: manual_seed expected a long, but got float"
