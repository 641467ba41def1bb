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
])
def test_an_encoding_python_refuses_is_a_one_line_error(tmp_path, shell, data, message):
    script = tmp_path / "script.grad"
    script.write_bytes(data)
    result = shell(f"gradcli run {script}")
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"error: cannot read {script}: {message}\n")
    assert shell(f"python {script}").returncode == 1
