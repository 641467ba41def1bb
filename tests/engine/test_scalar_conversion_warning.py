"""float() of a tensor that requires grad warns once per process, as torch 2.13 does; int() and
item() never warn."""
import subprocess
import sys

import pytest

SCRIPT = """
import warnings
import gradcli.engine as torch
warnings.simplefilter("always")
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(int(x[1]), x[0].item(), float(x[0].detach()))
print(float(x[0]))
print(float(x.sum()))
"""


def test_float_of_a_tensor_that_requires_grad_warns_once():
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert run.stdout.split() == ["2", "1.0", "1.0", "1.0", "3.0"]
    assert run.stderr.count("UserWarning: Converting a tensor with requires_grad=True to a scalar may lead to "
                            "unexpected behavior.\nConsider using tensor.detach() first.") == 1


@pytest.mark.parity
def test_torch_warns_the_same_way():
    pytest.importorskip("torch")
    run = subprocess.run([sys.executable, "-c", SCRIPT.replace("gradcli.engine", "torch")], capture_output=True,
                         text=True)
    assert run.stdout.split() == ["2", "1.0", "1.0", "1.0", "3.0"]
    assert run.stderr.count("Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
                            "behavior.\nConsider using tensor.detach() first.") == 1


WARN_ALWAYS = """
import warnings
import gradcli.engine as torch
warnings.simplefilter("always")
x = torch.tensor([1.0, 2.0], requires_grad=True)
torch.set_warn_always(True)
print(torch.is_warn_always_enabled())
float(x[0])
float(x[1])
torch.set_warn_always(False)
float(x[0])
float(x[1])
torch.set_warn_always(True)
float(x[0])
torch.set_warn_always(False)
float(x[0])
"""


@pytest.mark.parametrize("library", ["gradcli.engine", "torch"])
def test_set_warn_always_repeats_the_once_per_process_warning(library):
    """Every time while set (2), then the once (1), then every time while set again (1): the warnings
    given while set do not spend the once."""
    if library == "torch":
        pytest.importorskip("torch")
    run = subprocess.run([sys.executable, "-c", WARN_ALWAYS.replace("gradcli.engine", library)], capture_output=True,
                         text=True)
    assert run.stdout.split() == ["True"]
    assert run.stderr.count("Converting a tensor with requires_grad=True to a scalar") == 4
