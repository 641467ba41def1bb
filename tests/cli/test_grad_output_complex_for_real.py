"""A complex --grad-output for a real output (or a real one for a complex output) ends in torch's
refusal; the command cast it to the output's dtype, dropped its imaginary part with numpy's warning
quoting gradcli's source, and exited 0. (Torch: x.backward(torch.tensor([1+2j, 1])) of a float32 x
raises the message below.)"""
import pytest

MISMATCH = ("RuntimeError: For complex Tensors, both grad_output and output are required to have the same "
            "dtype. Mismatch in dtype: grad_output[0] has a dtype of torch.{g} and output[0] has a dtype of "
            "torch.{y}.")


@pytest.mark.parametrize("command", ["grad", "trace"])
@pytest.mark.parametrize("at, grad_output, g, y", [("x=[1., 2.]", "1+2j", "complex64", "float32"),
                                                   ("x=[1., 2.]", "torch.tensor([1+2j, 1])", "complex64", "float32"),
                                                   ("x=torch.tensor([1+1j, 2])", "[1., 1.]", "float32", "complex64")])
def test_a_complex_grad_output_of_a_real_output_is_refused(cli, command, at, grad_output, g, y):
    r = cli(command, "x*x", "--at", at, "--grad-output", grad_output)
    assert r.exit_code == 1
    assert MISMATCH.format(g=g, y=y) in r.stderr
    assert "Warning" not in r.stderr and "defop" not in r.stderr


def test_a_grad_output_of_another_real_dtype_is_still_cast(cli):
    r = cli("grad", "x*x", "--at", "x=[1., 2.]", "--grad-output", "torch.tensor([1, 2])")
    assert (r.exit_code, r.stdout) == (0, "value = tensor([1., 4.], grad_fn=<MulBackward0>)\nx.grad = tensor([2., 8.])\n")
