"""exit(), quit() and sys.exit() typed in the REPL leave it, as in Python's REPL, with the status
Python would leave with; the REPL went on to the next line and ended with status 0."""

import pytest


@pytest.mark.parametrize("lines, stdout, stderr, status", [
    ("print(1)\nexit(3)\nprint(2)\n", "1\n", "", 3),
    ("1/0\nquit()\nprint(2)\n", "", "ZeroDivisionError: division by zero", 0),   # an explicit exit's status wins
    ("import sys\nsys.exit('bye')\nprint(2)\n", "", "bye\n", 1),
    ("def f():\n    exit(5)\n\nf()\nprint(2)\n", "", "", 5),
    ("import sys\ntry:\n    sys.exit(4)\nexcept SystemExit as e:\n    print('caught', e.code)\n\nprint('on')\n",
     "caught 4\non\n", "", 0),
])
def test_exit_typed_in_the_repl_leaves_it(shell, lines, stdout, stderr, status):
    result = shell("gradcli repl", input=lines)
    assert (result.returncode, result.stdout) == (status, stdout)
    assert stderr in result.stderr


def test_a_loaded_script_that_exits_ends_the_repl(tmp_path, shell):
    script = tmp_path / "stop.grad"
    script.write_text("print('in file')\nimport sys\nsys.exit(3)\n")
    result = shell("gradcli repl", input=f":load {script}\nprint('after')\n")
    assert (result.returncode, result.stdout, result.stderr) == (3, "in file\n", "")


def test_quit_the_meta_command_keeps_the_repls_own_status(shell):
    result = shell("gradcli repl", input="1/0\n:quit\nprint(2)\n")
    assert (result.returncode, result.stdout) == (1, "")
