"""The run's --max-elements holds inside torch.func: jacrev, jacfwd and the forward-mode
functional Jacobian build their basis and Jacobian with numpy, outside the ops the limit watches,
so they check the sizes themselves before allocating."""
import pytest

import gradcli.engine as torch
from gradcli.engine import instrumentation
from gradcli.engine.autograd.functional import jacobian
from gradcli.engine.func import jacfwd, jacrev, vmap


@pytest.fixture
def limit():
    instrumentation.set_max_elements(5000)
    yield
    instrumentation.set_max_elements(None)


@pytest.mark.parametrize("build", [
    lambda: jacrev(torch.sin)(torch.ones(100)),
    lambda: jacrev(torch.sin, chunk_size=10)(torch.ones(100)),
    lambda: jacrev(lambda x: (x.sin(), x.cos()))(torch.ones(100)),
    lambda: jacfwd(torch.sin)(torch.ones(100)),
    lambda: vmap(jacfwd(torch.sin))(torch.ones(10, 30)),
    lambda: jacobian(torch.sin, torch.ones(100), vectorize=True, strategy="forward-mode"),
], ids=["jacrev", "jacrev_chunked", "jacrev_two_outputs", "jacfwd", "vmap_jacfwd", "functional_forward_mode"])
def test_a_jacobian_over_the_limit_is_refused(limit, build):
    with pytest.raises(instrumentation.SizeLimitError, match="exceeds the limit of 5000 elements"):
        build()


def test_jacobians_within_the_limit_still_run(limit):
    assert jacrev(torch.sin)(torch.ones(70)).shape == (70, 70)
    assert jacfwd(torch.sin)(torch.ones(70)).shape == (70, 70)
    assert vmap(jacfwd(torch.sin))(torch.ones(2, 30)).shape == (2, 30, 30)
