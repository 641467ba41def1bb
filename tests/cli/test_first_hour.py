"""What a new user trips on in the first hour (issue 12's list), each as an example."""
import json

import pytest


def test_an_expression_may_start_with_a_minus(cli):
    r = cli("grad", "-log(x)", "--at", "x=3")
    assert r.exit_code == 0 and "x.grad = tensor(-0.3333)" in r.stdout
    assert cli("jacobian", "-x", "--at", "x=[1,2]").exit_code == 0
    assert cli("hessian", "--at", "x=2", "-x**3").stdout.splitlines()[-1].split() == ["x", "-12"]


def test_the_fast_path_takes_a_minus_expression_too(shell):
    r = shell("gradcli grad '-x*2' --at x=3")
    assert r.returncode == 0 and "x.grad = tensor(-2.)" in r.stdout


def test_an_unknown_option_is_still_an_unknown_option(cli):
    r = cli("grad", "x", "--typo")
    assert r.exit_code == 2 and "No such option: --typo" in r.stderr


def test_wrt_picks_the_inputs_of_jacobian_and_hessian(cli):
    r = cli("hessian", "a*a*b + b**3", "--at", "a=3", "--at", "b=2", "--wrt", "b", "--json")
    assert json.loads(r.stdout)["hessian"] == {"b": {"b": 12.0}}
    r = cli("jacobian", "A @ x", "--at", "A=ones(2,3)", "--at", "x=[1,2,3]", "--wrt", "x", "--json")
    assert list(json.loads(r.stdout)["jacobian"]) == ["x"]
    r = cli("hessian", "x.sum()", "--at", "x=[1,2]", "--wrt", "y")
    assert r.exit_code == 2 and "not an input" in r.stderr


@pytest.mark.parametrize("expr", ["x.detach() * 2", "(x > 1).float().sum()"])
def test_an_output_cut_from_its_inputs_gets_a_warning(cli, expr):
    r = cli("grad", expr, "--at", "x=[1.,2.]", "--grad-output", "ones")
    assert r.exit_code == 0
    assert "does not depend on any input that requires grad" in r.stderr


def test_numpy_is_named_with_what_to_write_instead(cli):
    r = cli("grad", "np.sin(x)", "--at", "x=3")
    assert r.exit_code == 2 and "use torch.sin (or sin) instead" in r.stderr
    r = cli("run", "-e", "import numpy as np\nprint(np.sin(np.zeros(2)))")   # a script may use numpy's values
    assert (r.exit_code, r.stdout) == (0, "[0. 0.]\n")


def test_a_closed_pipe_ends_quietly(shell):
    r = shell("gradcli run -e 'for i in range(100000): print(i)' | head -1; echo status=${PIPESTATUS[0]}")
    assert r.stdout.splitlines() == ["0", "status=141"]
    assert r.stderr == ""


@pytest.mark.parametrize("eps", ["0", "-1e-3", "nan"])
def test_check_refuses_a_step_that_is_not_positive(cli, eps):
    r = cli("check", "x**2", "--at", "x=3", "--eps", eps)
    assert r.exit_code == 2 and "must be a positive finite number" in r.stderr


def test_builtin_sum_over_a_tensor_is_one_reduction_with_python_s_result(cli):
    r = cli("run", "-e", "x = torch.tensor([3., 1., 2.], requires_grad=True)\n"
                         "s = sum(x)\nprint(s, len(s.grad_fn.next_functions))\n"
                         "s.backward(); print(x.grad)")
    assert r.stdout.splitlines() == ["tensor(6., grad_fn=<AddBackward0>) 2", "tensor([1., 1., 1.])"]


def test_check_counts_tied_maxima_once_each(cli):
    r = cli("check", "x.max()", "--at", "x=[1,1,0]")
    assert "2 input element(s) of max" in r.stdout + r.stderr


@pytest.mark.parametrize("command", ["grad", "trace", "check"])
def test_grad_trace_and_check_read_a_script_file(cli, tmp_path, command):
    script = tmp_path / "s.grad"
    script.write_text("y = x ** 3\ny\n")
    r = cli(command, "-f", str(script), "--at", "x=2")
    assert r.exit_code == 0, r.stderr


def test_a_missing_file_is_a_usage_error(cli):
    assert cli("grad", "-f", "/no/such/file.grad", "--at", "x=1").exit_code == 2
    assert cli("run", "/no/such/file.grad").exit_code == 2


def test_a_drawing_keeps_the_script_s_prints_off_stdout(shell, tmp_path):
    script = tmp_path / "s.grad"
    script.write_text('y = x * 2\nprint("hello")\ny\n')
    r = shell(f"gradcli graph -f {script} --at x=1 -F dot")
    assert r.stdout.startswith("digraph") and "hello" in r.stderr


def test_profile_runs_readme_s_shipped_example_and_keeps_its_prints_off_stdout(shell):
    r = shell("gradcli profile samples/example_train_profile.grad --limit 6")
    assert r.returncode == 0
    assert r.stdout.splitlines()[0].split()[:2] == ["op", "kind"] and "0.0069" in r.stderr


@pytest.mark.parametrize("expr", ["x.amax()", "x.amin()", "x.max()", "x.amin(0)"])
def test_forward_mode_jacobians_of_reductions_with_ties_equal_reverse_mode(cli, expr):
    at = ("--at", "x=[[1,3],[3,1]]")
    forward = json.loads(cli("jacobian", expr, *at, "--mode", "forward", "--json").stdout)["jacobian"]
    reverse = json.loads(cli("jacobian", expr, *at, "--json").stdout)["jacobian"]
    assert forward == reverse


def test_running_several_files_labels_each_output(shell, tmp_path):
    (tmp_path / "a.grad").write_text("print(1)\n")
    (tmp_path / "b.grad").write_text("print(2)\n")
    r = shell(f"cd {tmp_path} && gradcli run a.grad b.grad")
    assert r.stdout.splitlines() == ["==> a.grad <==", "1", "", "==> b.grad <==", "2"]


def test_ops_lists_public_ops_first_and_its_json_uses_booleans(cli):
    names = [line.split()[0] for line in cli("ops").stdout.splitlines()[2:] if line.strip()]
    assert not names[0].startswith("_") and names[-2].startswith("_")
    rows = json.loads(cli("ops", "--json").stdout)["ops"]
    assert all(isinstance(r[k], bool) for r in rows for k in ("forward_mode", "own_jvp", "double_backward",
                                                              "differentiable"))


def test_a_failed_check_says_so_on_stderr_too(cli):
    r = cli("check", "relu(x) * sin(x)", "--at", "x=[0,1,2]")
    assert r.exit_code == 1 and "gradgradcheck FAILED" in r.stderr


def test_an_error_in_a_very_long_line_echoes_a_window_of_it(cli):
    r = cli("run", "-e", "x = [" + "1, " * 5000 + "undefined_name]")
    echoed = r.stderr.splitlines()[1]
    assert r.exit_code == 1 and "undefined_name" in echoed and len(echoed) < 200


def test_a_repeated_warning_is_shown_once_with_its_count(cli):
    r = cli("run", "-e", "x = torch.tensor([1.], requires_grad=True)\nfor i in range(5):\n    (x + 1).grad")
    lines = [line for line in r.stderr.splitlines() if line.startswith("warning:")]
    assert len(lines) == 1 and lines[0].endswith("(repeated 5 times)")


# -- the REPL as a new user meets it (issue 12) --------------------------------------------------

def _repl_session(*lines):
    import io
    from gradcli.cli.repl import Repl
    out, err = io.StringIO(), io.StringIO()
    repl = Repl(out, err)
    for line in lines:
        repl.feed(line)
    return out.getvalue(), err.getvalue()


def test_repl_meta_commands_explain_themselves():
    out, err = _repl_session(":saved", ":load", ":dtype", ":graph nosuch", "y = torch.ones(3, requires_grad=True) * 2",
                             ":trace y")
    assert out == "default dtype: float32 (:dtype float64 changes it)\n"
    assert ":saved needs a variable name, for example :saved y" in err
    assert ":load FILE runs a script file in this session" in err
    assert ":graph nosuch: there is no variable 'nosuch'" in err
    assert "grad can be implicitly created only for scalar outputs" in err and "has shape [3]" in err


def test_repl_shows_builtins_as_python_does():
    out, _ = _repl_session("print", "sum", "range", "type(print)")
    assert out == ("<built-in function print>\n<built-in function sum>\n<class 'range'>\n"
                   "<class 'builtin_function_or_method'>\n")


def test_repl_indents_blocks_as_ipython_does():
    from gradcli.cli.repl import next_indent
    assert next_indent(["def f(t):"]) == "    "
    assert next_indent(["def f(t):", "    return (t**2).sum()"]) == ""
    assert next_indent(["for i in r:", "    if i:"]) == "        "
    assert next_indent(["for i in r:", "    x = i"]) == "    "
    out, err = _repl_session("def f(t):", "    return (t**2).sum()", "", "f(torch.ones(2))")
    assert out == "tensor(2.)\n" and not err


def test_repl_errors_fold_at_word_boundaries_on_a_terminal():
    from gradcli.cli.repl import wrapped

    class Terminal:
        def isatty(self):
            return True
    message = "error: " + " ".join(["word"] * 60) + "\n    source line\n    ^^^"
    text = wrapped(message, Terminal())
    first_lines = text.split("\n    source line")[0].split("\n")
    assert len(first_lines) > 1 and all(not line.endswith("wor") for line in first_lines)
    assert text.endswith("\n    source line\n    ^^^")


@pytest.mark.parametrize("value,grad", [("zeros", "tensor([0., 0.])"), ("ones", "tensor([2., 2.])"),
                                        ("3", "tensor([6., 6.])"), ("2*ones(2)", "tensor([4., 4.])"),
                                        ("tensor([1., -1.])", "tensor([ 2., -2.])")])
def test_grad_output_takes_any_value_of_the_output_s_shape(cli, value, grad):
    result = cli("grad", "x*2", "--at", "x=[1,2]", "--grad-output", value)
    assert result.exit_code == 0 and f"x.grad = {grad}" in result.stdout


@pytest.mark.parametrize("value,message", [("ones(3)", "has shape [3], but the output has shape [2]"),
                                           ("sin", "not a function")])
def test_grad_output_of_the_wrong_kind_is_a_usage_error(cli, value, message):
    result = cli("grad", "x*2", "--at", "x=[1,2]", "--grad-output", value)
    assert result.exit_code == 2 and message in result.stderr


def test_check_keeps_torch_s_developer_boilerplate_out(cli):
    result = cli("check", "x.max()", "--at", "x=[1,1,0]")
    assert result.exit_code == 1
    assert "If you are adding a new operator" not in result.stdout + result.stderr
    assert "2 input element(s) of max sit on its non-differentiable point" in result.stdout
