"""``gradcli check`` on a complex input or output: a clear refusal. It printed "gradcheck: FAILED" for
x**2 at 1j, where torch's gradcheck (Wirtinger derivatives) passes, and a table of real parts only,
with a Python ComplexWarning naming a file of gradcli."""

import pytest


@pytest.mark.parametrize("expr, at, what", [
    ("x**2", "x=1j", "input"),
    ("torch.complex(x, x)", "x=1.", "output"),
])
def test_check_refuses_complex_values_with_one_line(shell, expr, at, what):
    result = shell(f"gradcli check '{expr}' --at '{at}'")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (f"error: gradcli check compares real derivatives: a complex {what} is not supported; "
                             "check the real and imaginary parts as real functions (torch.view_as_real)\n")


def test_torch_passes_the_check_gradcli_refuses():
    torch = pytest.importorskip("torch")
    x = torch.tensor(1j, dtype=torch.complex128, requires_grad=True)
    assert torch.autograd.gradcheck(lambda t: t ** 2, (x,))


def test_check_of_a_real_expression_still_passes(shell):
    result = shell("gradcli check 'x**2' --at x=2")
    assert result.returncode == 0 and "gradcheck: passed" in result.stdout
