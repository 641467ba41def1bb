"""A command's own analysis after the script's run (grad's backward pass, trace's recorded pass, the
graph page's) runs the script's hooks: under the run's limits, as the script's lines are. The hooks ran
past --max-elements there (a hook's 10**8-element tensor was made where the script's line is refused)."""

import pytest

HOOKED = "y = x * 2\nh = y.register_hook(lambda g: torch.ones(10**6) * 0 + g.sum())\ny.sum()\n"


@pytest.mark.parametrize("command", [
    "gradcli grad -f {script} --at x=[1.,2.] --max-elements 1000",
    "gradcli trace -f {script} --at x=[1.,2.] --max-elements 1000",
    "gradcli graph -f {script} --at x=[1.,2.] --out {tmp}/g.html",
])
def test_a_hook_that_makes_a_tensor_past_the_limit_is_refused_at_its_line(tmp_path, shell, command):
    script = tmp_path / "hooked.grad"
    script.write_text(HOOKED if "graph" not in command else HOOKED.replace("10**6", "10**8"))
    result = shell(command.format(script=script, tmp=tmp_path))
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith(f"{script}:2:31: error: MemoryError: a tensor of shape (")
    assert "exceeds the limit of" in result.stderr and "Traceback" not in result.stderr


def test_hooks_within_the_limits_still_run_and_print(tmp_path, shell):
    script = tmp_path / "printing.grad"
    script.write_text("y = x * 2\nh = y.register_hook(lambda g: print('hook', g))\ny.sum()\n")
    result = shell(f"gradcli grad -f {script} --at x=[1.,2.]")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("hook tensor([1., 1.])\n") and "x.grad = tensor([2., 2.])" in result.stdout
