"""``import unittest`` in a script: test classes run by ``unittest.main()`` as Python's runner runs
them (prints on stdout, the report on stderr, the exit status), and the module hands nothing of
Python back."""

import io

import pytest

from gradcli.lang import GradcliError, Limits, Session

TESTS = """
import unittest
import torch

class TestGrad(unittest.TestCase):
    def setUp(self):
        self.x = torch.tensor([1.0, 2.0], requires_grad=True)

    def test_square(self):
        (self.x ** 2).sum().backward()
        print("grad", self.x.grad)
        self.assertTrue(torch.equal(self.x.grad, torch.tensor([2.0, 4.0])))
        self.assertAlmostEqual(self.x.grad.sum().item(), 6.0)

    def test_raises(self):
        with self.assertRaises(RuntimeError) as cm:
            torch.ones(2) @ torch.ones(3)
        print("caught", type(cm.exception).__name__)
        self.assertRaises(ValueError, int, "x")

class AlsoTest(unittest.TestCase):
    def test_first(self):
        print("AlsoTest first")
"""


@pytest.fixture()
def session():
    return Session(stdout=io.StringIO(), limits=Limits(timeout=5.0, max_elements=1_000_000))


def test_main_runs_classes_by_name_and_methods_alphabetically(session, capsys):
    session.run(TESTS + "unittest.main()\nprint('not reached')")
    assert session.stdout.getvalue() == "AlsoTest first\ncaught RuntimeError\ngrad tensor([2., 4.])\n"
    report = capsys.readouterr().err
    assert report.startswith("...\n" + "-" * 70 + "\nRan 3 tests in ")
    assert report.endswith("\n\nOK\n")


def test_a_failing_test_is_reported_and_the_run_fails(session, capsys):
    with pytest.raises(GradcliError, match="SystemExit: 1"):
        session.run("import unittest\nclass T(unittest.TestCase):\n    def test_a(self):\n"
                    "        self.assertEqual(1, 2, 'differ')\n    def test_b(self):\n        raise KeyError('k')\n"
                    "unittest.main(verbosity=2)")
    report = capsys.readouterr().err
    assert "test_a (__main__.T.test_a) ... FAIL\n" in report
    assert "FAIL: test_a (__main__.T.test_a)\n" + "-" * 70 + "\nAssertionError: 1 != 2 : differ\n" in report
    assert report.endswith("FAILED (failures=1, errors=1)\n")


def test_main_with_exit_false_returns(session, capsys):
    session.run(TESTS + "unittest.main(exit=False)\nprint('after')")
    assert session.stdout.getvalue().endswith("after\n")


def test_the_time_limit_is_not_a_test_error(session):
    with pytest.raises(GradcliError) as info:
        session.run("import unittest\nclass T(unittest.TestCase):\n    def test_loop(self):\n"
                    "        while True:\n            pass\nunittest.main()")
    assert info.value.kind == "limit"


@pytest.mark.parametrize("source", [
    "import unittest\nunittest.TestCase.__subclasses__()",
    "import unittest\nunittest.TestCase('x')._testMethodName",
    "import unittest\nunittest.TestCase('x').assertEqual.__func__",
    "import unittest\nunittest.main.__globals__",
    "import unittest\nwith unittest.TestCase('x').assertRaises(ValueError) as cm:\n    int('x')\ncm._expected",
])
def test_the_module_hands_nothing_of_python_back(session, source):
    with pytest.raises(GradcliError) as info:
        session.run(source)
    assert info.value.kind == "attribute"
