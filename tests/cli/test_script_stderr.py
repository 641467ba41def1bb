"""What a script writes to stderr (``sys.stderr.write``, ``print(file=sys.stderr)``, logging, unittest's
report) is held to ``--max-output`` with its prints, and is terminal-safe as they are: it went to the
process's stderr unbounded (5 GB in 5 s) and escape codes reached the terminal."""

import pytest

FLOODS = [
    "import sys\nfor i in range(10**6): sys.stderr.write('x' * 10**5)",
    "import sys\nfor i in range(10**6): print('x' * 10**5, file=sys.stderr)",
    "import logging\nfor i in range(10**6): logging.warning('x' * 10**5)",
]


@pytest.mark.parametrize("source", FLOODS, ids=["write", "print", "logging"])
def test_a_flood_on_stderr_ends_at_the_output_limit(shell, source):
    result = shell(f"gradcli run --max-output 100000 -e \"{source}\" 2>&1 >/dev/null | tail -c 2000")
    assert result.returncode == 1
    assert "error: the script's output passed 100000 characters; allow more with --max-output" in result.stdout
    assert "<exec>:2:" in result.stdout


def test_stdout_and_stderr_share_one_budget(shell):
    result = shell("gradcli run --max-output 50 -e \"import sys\nprint('a' * 30)\nsys.stderr.write('b' * 30)\"")
    assert result.returncode == 1 and result.stdout == "a" * 30 + "\n"
    assert result.stderr.startswith("<exec>:3:1: error: the script's output passed 50 characters")


def test_stderr_is_terminal_safe_on_a_terminal(shell):
    # `script` gives the command a terminal; the OSC sequence would set the window title
    result = shell("script -qc \"gradcli run -e 'import sys; sys.stderr.write(chr(27) + \\\"]0;TITLE\\\" "
                   "+ chr(7) + \\\" end\\\")'\" /dev/null")
    if result.returncode != 0 and "script" in result.stderr:
        pytest.skip("no `script` program to give the command a terminal")
    assert "\\x1b]0;TITLE\\x07 end" in result.stdout and "\x1b" not in result.stdout


def test_stderr_of_a_pipe_is_left_as_written_and_errors_still_show(shell):
    result = shell("gradcli run -e \"import sys\nsys.stderr.write(chr(27) + '[31mred' + chr(10))\nprint(1 / 0)\"")
    assert result.returncode == 1
    assert result.stderr.startswith("\x1b[31mred\n<exec>:3:7: error: ZeroDivisionError: division by zero\n")


def test_an_expression_file_that_floods_stderr_stops_at_the_limit(tmp_path, shell):
    script = tmp_path / "flood.grad"
    script.write_text("import sys\nfor i in range(10**6): sys.stderr.write('s' * 10**6)\nx = torch.ones(1)\nx")
    result = shell(f"gradcli grad -f {script} 2>&1 >/dev/null | tail -c 300")
    assert result.returncode == 1 and "the script's output passed 100000000 characters" in result.stdout
