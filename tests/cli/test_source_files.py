"""Script files as Python reads them: old Mac line endings (a lone carriage return) and a declared
source encoding (PEP 263) run as in Python; what Python refuses, gradcli refuses with one line."""

import pytest


@pytest.mark.parametrize("data, printed", [
    (b"x = 1\rprint(x + 1)\r", "2\n"),                                   # was: invalid character '\r'
    (b"x = '''a\r\nb\rc'''\r\nprint(len(x))\r\n", "5\n"),        # inside a string too
    (b"# -*- coding: latin-1 -*-\nprint('caf\xe9')\n", "caf\u00e9\n"),    # was: not UTF-8 text
    (b"#!/usr/bin/env gradcli\n# vim: set fileencoding=cp1252 :\nprint('\x80')\n", "\u20ac\n"),
    (b"x = 'coding: latin-1'\nprint(x)\n", "coding: latin-1\n"),         # not a declaration: UTF-8 as usual
])
def test_a_script_runs_as_python_reads_its_file(tmp_path, shell, data, printed):
    script = tmp_path / "script.grad"
    script.write_bytes(data)
    result = shell(f"gradcli run {script} && python {script}")
    assert (result.returncode, result.stdout, result.stderr) == (0, printed * 2, "")


@pytest.mark.parametrize("data, message", [
    (b"# coding: nonesuch\nprint(1)\n", "unknown encoding: nonesuch"),
    (b"print(1)\nprint(2)\n# coding: latin-1\nprint('\xe9')\n", "it is not UTF-8 text (byte 0xe9 at offset 43)"),
    (b"# coding: ascii\nprint('\xc3\xa9')\n", "it is not ascii text (byte 0xc3 at offset 23)"),
    (b"# -*- coding: rot13 -*-\nprint(1)\n", "encoding problem: rot13"),     # was: error: LookupError: ...
    (b"# -*- coding: utf-16 -*-\nprint(1)\n", "encoding problem: utf-16"),   # was: a syntax error in garbage
])
def test_an_encoding_python_refuses_is_a_one_line_error(tmp_path, shell, data, message):
    script = tmp_path / "script.grad"
    script.write_bytes(data)
    result = shell(f"gradcli run {script}")
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"error: cannot read {script}: {message}\n")
    assert shell(f"python {script}").returncode == 1


@pytest.mark.parametrize("at, message", [
    ("x=10**400", "error: cannot make a tensor of int " + "1" + "0" * 56 + "..."
                  ": Overflow when unpacking long long\n"),      # torch.tensor(10**400)'s words
    ("x='a'", "error: cannot make a tensor of str 'a': new(): invalid data type 'str'\n"),     # torch's words
    ("x={1,2}", "error: cannot make a tensor of set {1, 2}: Could not infer dtype of set\n"),
])
def test_an_input_that_is_no_tensor_says_which_value(shell, at, message):
    result = shell(f"gradcli grad 'x**2' --at \"{at}\"")
    assert (result.returncode, result.stderr) == (1, message)


def test_an_array_of_strings_says_its_dtype(tmp_path, shell):
    np = pytest.importorskip("numpy")
    np.save(tmp_path / "s.npy", np.array(["a", "b"]))
    result = shell(f"gradcli grad 'x.sum()' --at x=@{tmp_path}/s.npy")
    assert result.returncode == 1 and result.stderr.startswith("error: cannot make a tensor of an array of <U1: ")


def test_a_bad_grad_output_names_the_option(shell):
    # the error was labelled "--at grad_output:1:1"
    result = shell("gradcli grad 'x**2' --at x=3 --grad-output abc")
    assert result.returncode == 1 and result.stderr.startswith("--grad-output:1:1: error: NameError: name 'abc'")


def test_exec_given_twice_is_a_usage_error_not_the_last_one_alone(shell):
    result = shell("gradcli run -e 'print(1)' -e 'print(2)'")
    assert (result.returncode, result.stdout) == (2, "")
    assert "-e is given 2 times: give the code once, statements separated by newlines or ';'" in result.stderr
    assert shell("gradcli run -e 'print(1); print(2)'").stdout == "1\n2\n"


def test_standard_input_given_twice_is_a_usage_error(shell):
    # `run - -` ran the piped script, then an empty second script, and exited 0
    result = shell("echo 'print(1)' | gradcli run - -")
    assert (result.returncode, result.stdout) == (2, "")
    assert "'-' is given 2 times: standard input can be read once" in result.stderr
    assert shell("echo 'print(1)' | gradcli run -").stdout == "1\n"
