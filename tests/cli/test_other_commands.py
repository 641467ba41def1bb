"""graph, trace, check, run, plot, ops, repl-on-a-pipe, the no-argument entry and --version."""
import json

import pytest

SEED = "C = A**2; D = B**2; E = C*D; F = D + E; F"


def test_graph_tree(cli):
    r = cli("graph", SEED, "--at", "A=[3.]", "--at", "B=[2.]")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == "#0 AddBackward0  F  [1] float32"
    assert "saved self: [1] float32 version 0, same storage as C = [9]" in r.stdout
    assert "AccumulateGrad  A  [1] float32" in r.stdout


@pytest.mark.parametrize("fmt,start", [("dot", "digraph backward {"), ("mermaid", "flowchart TD")])
def test_graph_text_formats(cli, fmt, start):
    r = cli("graph", SEED, "--at", "A=[3.]", "--at", "B=[2.]", "--format", fmt)
    assert r.exit_code == 0 and r.stdout.startswith(start)


def test_graph_json(cli):
    for args in (["--format", "json"], ["--json"]):
        r = cli("graph", SEED, "--at", "A=[3.]", "--at", "B=[2.]", *args)
        g = json.loads(r.stdout)["graph"]
        assert [n["label"] for n in g["nodes"]] == ["F", "E", "C", "D", "A", "B"]


def test_graph_from_file_with_output_name(cli, tmp_path):
    script = tmp_path / "s.grad"
    script.write_text("x = tensor([1., 2.], requires_grad=True)\ny = (x * 2).exp()\nz = y.sum()\n")
    r = cli("graph", "-f", str(script), "--output", "y")
    assert r.exit_code == 0 and r.stdout.startswith("#0 ExpBackward0  y  [2] float32")
    r = cli("graph", "-f", str(script))
    assert r.exit_code == 2 and "--output NAME" in r.stderr
    r = cli("graph", "-f", str(script), "--output", "nope")
    assert r.exit_code == 2 and "tensors: x, y, z" in r.stderr


def test_graph_expression_and_file_conflict(cli, tmp_path):
    r = cli("graph", "x", "-f", str(tmp_path / "a.grad"))
    assert r.exit_code == 2


def test_trace_seed_003(cli):
    r = cli("trace", SEED, "--at", "A=[3.]", "--at", "B=[2.]")
    assert r.exit_code == 0
    assert "step 3  #3 PowBackward0 (D)\n  grad in: tensor([10.])  (sum of 2 paths)" in r.stdout
    assert "A.grad: None -> tensor([24.])" in r.stdout and "B.grad: None -> tensor([40.])" in r.stdout


def test_trace_shows_hook_output(cli):
    code = "C = A * B\nh = C.register_hook(lambda g: print('the gradient of C is', g))\nC.exp()"
    r = cli("trace", code, "--at", "A=2", "--at", "B=0.5")
    assert "[hook output] the gradient of C is tensor(2.7183)" in r.stdout


def test_trace_json(cli):
    r = cli("trace", "x * 3", "--at", "x=2", "--json")
    steps = json.loads(r.stdout)["trace"]["steps"]
    assert steps[-1]["grad_after"] == 3.0 and steps[0]["name"] == "MulBackward0"


def test_trace_constant_is_an_error(cli):
    r = cli("trace", "tensor(1.)")
    assert r.exit_code == 1 and "nothing to trace" in r.stderr


def test_check_passes(cli):
    r = cli("check", "sum(x*y)", "--at", "x=[1,2]", "--at", "y=3")
    assert r.exit_code == 0
    assert "gradcheck: passed" in r.stdout and "gradgradcheck: passed" in r.stdout


def test_check_kink_fails_with_note(cli):
    r = cli("check", "sum(abs(x))", "--at", "x=[0,1]", "--json")
    doc = json.loads(r.stdout)["check"]
    assert r.exit_code == 1 and not doc["passed"]
    assert doc["kinks"] == [{"op": "abs", "convention": "abs'(0) = sign(0) = 0", "count": 1}]


def test_check_table(cli):
    r = cli("check", "x**2", "--at", "x=[1,2]")
    assert "largest differences" in r.stdout and "value[1]  x[1]" in r.stdout


def test_run_files_and_exit_codes(cli, tmp_path):
    good = tmp_path / "good.grad"
    good.write_text("x = tensor(2., requires_grad=True)\n(x**3).backward()\nprint(x.grad)\n")
    bad = tmp_path / "bad.grad"
    bad.write_text("print(1)\nprint(undefined)\n")
    r = cli("run", str(good))
    assert r.exit_code == 0 and r.stdout == "tensor(12.)\n"
    r = cli("run", str(bad), str(good))
    assert r.exit_code == 1 and r.stdout == f"==> {bad} <==\n1\n" and "name 'undefined' is not defined" in r.stderr
    r = cli("run", "--keep-going", str(bad), str(good))
    assert r.exit_code == 1 and r.stdout == f"==> {bad} <==\n1\n\n==> {good} <==\ntensor(12.)\n"


def test_run_exec_and_stdin(cli):
    assert cli("run", "-e", "print(2 * 3)").stdout == "6\n"
    assert cli("run", "-", input="print(7)\n").stdout == "7\n"
    r = cli("run", "-e", "print(1")
    assert r.exit_code == 2 and "unclosed" in r.stderr


def test_an_uncaught_name_or_attribute_error_reads_as_python_prints_it(cli):
    r = cli("run", "-e", "x = torch.ones(2)\nx.no_such_member")
    assert r.exit_code == 1
    assert r.stderr.splitlines()[0] == "<exec>:2:1: error: AttributeError: 'Tensor' object has no attribute 'no_such_member'"
    r = cli("run", "-e", "print(undefined_thing)")
    assert r.stderr.splitlines()[0] == "<exec>:1:7: error: NameError: name 'undefined_thing' is not defined"


def test_an_uncaught_import_error_reads_as_python_prints_it_then_says_what_is_available(cli):
    r = cli("run", "-e", "import torch.nope")
    assert r.exit_code == 1
    assert r.stderr.startswith("<exec>:1:8: error: ModuleNotFoundError: No module named 'torch.nope' (available: torch, ")
    r = cli("run", "-e", "from torch import nope")
    assert r.stderr.startswith("<exec>:1:19: error: ImportError: cannot import name 'nope' from 'torch' (did you mean ")
    r = cli("run", "-e", "from os import system")
    assert r.stderr.startswith("<exec>:1:16: error: ImportError: cannot import name 'system' from 'os' (module 'os' has "
                               "no attribute 'system')")


def test_run_needs_something(cli):
    assert cli("run").exit_code == 2


def test_run_limits(cli):
    r = cli("run", "--max-elements", "10", "-e", "x = zeros(100)")
    assert r.exit_code == 1 and "limit" in r.stderr
    r = cli("run", "--timeout", "0.2", "-e", "while True:\n    pass\n")
    assert r.exit_code == 1 and "time limit" in r.stderr


def test_no_arguments_with_piped_stdin_runs_a_script(cli):
    assert cli(input="print(40 + 2)\n").stdout == "42\n"


def test_repl_with_piped_stdin_reads_lines_as_typed(cli):
    r = cli("repl", input="x = torch.tensor([1., 2.], requires_grad=True)\ny = (x ** 2).sum()\ny\n"
                          "y.backward()\nx.grad\n:vars\nnope\ndef f(t):\n    return t * 3\nf(2)\n")
    assert r.stdout.startswith("tensor(5., grad_fn=<SumBackward0>)\ntensor([2., 4.])\n")
    assert "SumBackward0" in r.stdout.split("\n")[5] and r.stdout.endswith("6\n")
    assert "name 'nope' is not defined" in r.stderr and r.exit_code == 1


def test_repl_meta_command_mistakes_are_errors_like_the_others(cli):
    r = cli("repl", input=":load /\n:bogus\nn = 1\n:saved n\n:params n\n")
    assert r.exit_code == 1
    assert r.stderr == ("error: cannot read /: Is a directory\n"
                        "error: unknown command :bogus; :help lists them\n"
                        "error: n is an int, not a tensor\n"
                        "error: :params n: n is an int, not an nn.Module\n")


def test_repl_with_piped_stdin_exits_0_when_every_line_ran(cli):
    r = cli("repl", input="print(1 + 1)\n:quit\nprint(3)\n")
    assert (r.stdout, r.exit_code) == ("2\n", 0)


def test_repl_with_piped_stdin_reports_a_bracket_left_open_at_the_end(cli):
    r = cli("repl", input="print(1)\nfoo(\n")
    assert r.stdout == "1\n" and r.exit_code == 1
    assert "<stdin>:1:4: syntax error: unclosed '('" in r.stderr


def test_plot(cli):
    r = cli("plot", "x**2", "--x", "-1:1", "--points", "21", "--order", "2")
    assert r.exit_code == 0 and "⣿ f''" in r.stdout
    doc = json.loads(cli("plot", "x**2", "--x", "0:1", "--points", "3", "--json").stdout)
    assert doc["x"] == [0.0, 0.5, 1.0] and doc["series"]["f'"] == [0.0, 1.0, 2.0]


def test_plot_errors(cli):
    assert cli("plot", "x**2", "--x", "1:0").exit_code == 2
    r = cli("plot", "sum(x)", "--x", "0:1")
    assert r.exit_code == 1 and "elementwise" in r.stderr


def test_plot_file(cli, tmp_path):
    r = cli("plot", "x**2", "--out", str(tmp_path / "f.png"))
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert r.exit_code == 1 and "pip install 'gradcli[plot]'" in r.stderr
    else:
        assert r.exit_code == 0 and (tmp_path / "f.png").stat().st_size > 0


def test_ops_list_and_detail(cli):
    r = cli("ops")
    assert r.exit_code == 0 and "MulBackward0" in r.stdout and "d/dself = other" in r.stdout
    r = cli("ops", "MulBackward0", "--json")
    assert json.loads(r.stdout)["name"] == "mul"
    r = cli("ops", "mull")
    assert r.exit_code == 2 and "did you mean mul" in r.stderr


def test_version(cli):
    r = cli("--version")
    assert r.exit_code == 0 and r.stdout.startswith("gradcli ")


def test_every_command_has_help_with_an_example(cli):
    from gradcli.cli.commands import app
    names = [c.name or c.callback.__name__ for c in app.registered_commands]
    assert {"grad", "jacobian", "hessian", "graph", "trace", "check", "run", "repl", "profile", "plot",
            "ops"} <= set(names)
    for name in names:
        r = cli(name, "--help")
        assert r.exit_code == 0
        assert "Example: gradcli " + name in r.stdout, name


def test_profile(cli, tmp_path):
    script = tmp_path / "train.grad"
    script.write_text("w = randn(3, requires_grad=True)\nfor i in range(4):\n    (w * 2).sum().backward()\n")
    r = cli("profile", str(script), "--sort-by", "calls")
    assert r.exit_code == 0
    assert "aten::mul" in r.stdout and "MulBackward0" in r.stdout and "sorted by calls" in r.stdout
    rows = {row["op"]: row for row in json.loads(cli("profile", str(script), "--json").stdout)["profile"]}
    assert rows["aten::mul"]["calls"] == 4 and rows["MulBackward0"]["kind"] == "backward"


def test_profile_script_error(cli, tmp_path):
    script = tmp_path / "bad.grad"
    script.write_text("x = nope\n")
    r = cli("profile", str(script))
    assert r.exit_code == 1 and "nope" in r.stderr


def test_rich_output_when_forced(monkeypatch):
    from typer.testing import CliRunner
    from gradcli.cli.commands import app
    r = CliRunner(env={"FORCE_COLOR": "1", "NO_COLOR": None}).invoke(app, ["graph", "x.exp()", "--at", "x=[1.]"])
    assert r.exit_code == 0 and "\x1b[" in r.stdout and "ExpBackward0" in r.stdout


@pytest.mark.parametrize("command", ["gradcli", "gradcli repl", "gradcli run -", "gradcli grad -"])
def test_a_closed_standard_input_is_an_error_that_says_so(shell, command):
    # `<&-` leaves Python's sys.stdin None: this was a Python traceback (or an AttributeError's text)
    r = shell(f"{command} <&-")
    assert (r.returncode, r.stdout, r.stderr) == (2, "", "error: cannot read standard input: it is closed\n")


def test_plot_refuses_a_range_past_float32_and_draws_it_in_float64(cli):
    # x past ±3.4e38 is inf in float32: the plot was blank, with exit 0
    r = cli("plot", "x", "--x", "0:1e308")
    assert (r.exit_code, r.stderr) == (2, "error: --x 0:1e308: past float32's range (±3.4e+38); plot it with --dtype float64\n")
    assert cli("plot", "x", "--x", "0:1e308", "--dtype", "float64").exit_code == 0


def test_overflow_in_a_command_is_inf_without_numpys_warning(shell):
    r = shell("gradcli plot 'x**2' --x 0:1e30 --json")
    assert r.returncode == 0 and r.stderr == ""
