"""--grad-output with one element scales any output, whatever its shape ([1.] for a 0-d output
ended in "error: TypeError: 'int' object is not subscriptable")."""
import pytest


@pytest.mark.parametrize("grad_output, grad", [("[1.]", "2."), ("[[2.]]", "4."), ("3", "6."), ("torch.tensor([2.])", "4.")])
def test_one_element_scales_a_scalar_output(cli, grad_output, grad):
    r = cli("grad", "x * 2", "--at", "x=1", "--grad-output", grad_output)
    assert (r.exit_code, r.stdout) == (0, f"value = tensor(2., grad_fn=<MulBackward0>)\nx.grad = tensor({grad})\n")


def test_one_element_scales_every_element_of_a_vector_output(cli):
    r = cli("grad", "x * 2", "--at", "x=[1., 2.]", "--grad-output", "[[3.]]")
    assert r.exit_code == 0 and r.stdout.endswith("x.grad = tensor([6., 6.])\n")
