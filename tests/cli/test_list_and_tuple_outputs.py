"""An expression whose value is a list or tuple of tensors: its derivatives are those of the stacked
tensor (torch.stack keeps the graph); torch.tensor(...) copied the values and cut the graph, so the
Jacobian of (x, 2 * x) was zeros and the gradient of [x * 2] was 0, with exit 0."""
import json


def test_the_jacobian_of_a_tuple_is_that_of_its_stack(cli):
    r = cli("jacobian", "(x, x * 2)", "--at", "x=[1., 2.]", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["jacobian"]["x"] == [[[1.0, 0.0], [0.0, 1.0]], [[2.0, 0.0], [0.0, 2.0]]]


def test_the_gradient_of_a_one_element_list_is_its_elements(cli):
    r = cli("grad", "[x * 2]", "--at", "x=1")
    assert (r.exit_code, r.stdout) == (0, "value = tensor([2.], grad_fn=<StackBackward0>)\nx.grad = tensor(2.)\n")


def test_numbers_beside_tensors_are_constants(cli):
    r = cli("grad", "[[x, x], [x, 2.0]]", "--at", "x=1", "--grad-output", "ones")
    assert r.exit_code == 0 and r.stdout.endswith("x.grad = tensor(3.)\n")


def test_tensors_of_different_shapes_are_an_error_that_says_so(cli):
    r = cli("jacobian", "(x, x.sum())", "--at", "x=[1., 2.]")
    assert r.exit_code == 1
    assert "the output is a tuple of values that do not stack into one tensor" in r.stderr
