"""What a script prints reaches a terminal with its control characters shown as escapes, in every
command that runs scripts: `trace` and `graph` (and their hooks' output), and the REPL (prints,
:load-ed scripts, sys.stderr, errors, warnings and :trace). `gradcli run` did it already; these sent
print("\\x1b]0;title\\x07") to the terminal as is. Pipes and files get the text unchanged."""
import io
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

SCRIPT = ("m = torch.nn.Module()\n"
          "m.add_module('\\x1b]0;module\\x07', torch.nn.Linear(2, 1))\n"     # torch allows any name without '.'
          "x = torch.ones(2, requires_grad=True)\n"
          "x.register_hook(lambda g: print('\\x1b]0;hook\\x07'))\n"
          "print('\\x1b[2J')\n"
          "m.get_submodule('\\x1b]0;module\\x07')(x * 3).sum()\n")


@pytest.mark.parametrize("colour", [{"NO_COLOR": "1"}, {"TERM": "xterm"}], ids=["plain", "rich"])
@pytest.mark.parametrize("command", ["trace", "graph"])
def test_trace_and_graph_escape_the_script_s_text_on_a_terminal(tmp_path, command, colour):
    script = tmp_path / "s.grad"
    script.write_text(SCRIPT)
    child = pexpect.spawn(sys.executable, ["-m", "gradcli", command, "-f", str(script)],
                          env={"PATH": "/usr/bin:/bin", **colour}, encoding="utf-8", timeout=60)
    text = child.read()
    assert "\x1b]" not in text and "\x07" not in text      # Rich's own colours are "\x1b[...m"
    assert "\\x1b[2J" in text and "\\x1b]0;module\\x07.weight" in text
    if command == "trace":
        assert "\\x1b]0;hook\\x07" in text


@pytest.mark.parametrize("drawing", ["dot", "mermaid"])
def test_graph_drawings_escape_a_modules_name_on_a_terminal(tmp_path, drawing):
    # the drawing went to the terminal as is: a module named '\x1b]0;module\x07' set its title
    script = tmp_path / "s.grad"
    script.write_text(SCRIPT)
    child = pexpect.spawn(sys.executable, ["-m", "gradcli", "graph", "-f", str(script), "--by-module", "--format",
                                           drawing], env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"},
                          encoding="utf-8", timeout=60)
    text = child.read()
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b]0;module\\x07: Linear" in text


def test_trace_passes_the_text_unchanged_into_a_pipe(shell, tmp_path):
    script = tmp_path / "s.grad"
    script.write_text(SCRIPT)
    result = shell(f"gradcli trace -f {script} | cat")
    assert result.returncode == 0 and "\x1b]0;hook\x07" in result.stdout and "\x1b]0;module\x07" in result.stdout


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_repl_escapes_prints_errors_and_traced_hooks_on_a_terminal(tmp_path, monkeypatch):
    from gradcli.cli.repl import Repl
    script = tmp_path / "s.grad"
    script.write_text("print('\\x1b]0;loaded\\x07')\n")
    out, err = Terminal(), Terminal()
    monkeypatch.setattr(sys, "stderr", err)     # the terminal's, where a script's sys.stderr writes too
    repl = Repl(stdout=out)
    for line in ["print('\\x1b[2J')", f":load {script}", "class A:", "    def __repr__(self): return '\\x1b[J'", "",
                 "[A()]", "import sys; sys.stderr.write('\\x1b[31m')",
                 "x = torch.ones(1, requires_grad=True)", "h = x.register_hook(lambda g: print('\\x07bell'))",
                 ":trace x", "raise ValueError('\\x1b]0;error\\x07')"]:
        repl.feed(line)
    assert "\x1b" not in out.getvalue() + err.getvalue() and "\x07" not in out.getvalue() + err.getvalue()
    assert out.getvalue().startswith("\\x1b[2J\n\\x1b]0;loaded\\x07\n[\\x1b[J]\n")   # the echo too
    assert "[hook output] \\x07bell" in out.getvalue()
    assert err.getvalue().startswith("\\x1b[31m<stdin>:1:1: error: ValueError: \\x1b]0;error\\x07\n")
