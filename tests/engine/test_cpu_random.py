"""gradcli's generator is torch's CPU generator: the same seed gives the same numbers, bit for bit.
The values here are torch 2.13's; tests/engine/test_cpu_random_parity.py compares with torch itself."""
import numpy as np
import pytest

import gradcli.engine as gc


def test_seed_zero_draws_what_torch_draws():
    gc.manual_seed(0)
    assert gc.rand(3).tolist() == [0.49625658988952637, 0.7682217955589294, 0.08847743272781372]
    assert gc.randn(3).tolist() == [0.3643381893634796, 0.13439632952213287, 0.16421625018119812]
    assert gc.randn(17)[-2:].tolist() == [-0.28966769576072693, 0.05250748619437218]
    assert gc.randint(0, 10, (5,)).tolist() == [1, 7, 3, 5, 2]
    assert gc.randperm(6).tolist() == [1, 0, 3, 5, 2, 4]


def test_a_seeded_linear_layer_starts_with_torchs_weights():
    gc.manual_seed(0)
    layer = gc.nn.Linear(3, 2)
    assert layer.weight.tolist() == [[-0.004322517663240433, 0.3097158372402191, -0.4751853346824646],
                                     [-0.4248946011066437, -0.2223689705133438, 0.15482072532176971]]
    assert layer.bias.tolist() == [-0.011439144611358643, 0.45777493715286255]


def test_state_round_trip_replays_the_stream_and_has_torchs_size():
    gc.manual_seed(3)
    gc.randn(5)                      # leaves a cached Box-Muller value behind
    state = gc.get_rng_state()
    first = gc.randn(3).tolist()
    gc.set_rng_state(state)
    assert gc.randn(3).tolist() == first
    assert tuple(state.shape) == (5056,)


def test_generators_do_not_disturb_the_default_stream():
    gc.manual_seed(0)
    own = gc.Generator().manual_seed(123)
    gc.rand(2, generator=own)
    assert gc.rand(1).item() == 0.49625658988952637
    assert own.initial_seed() == 123


def test_gradcheck_leaves_the_users_stream_where_it_was():
    gc.manual_seed(0)
    x = gc.randn(3, dtype=gc.float64, requires_grad=True)
    gc.autograd.gradcheck(gc.sin, (x,), fast_mode=True)
    after = gc.rand(1).item()
    gc.manual_seed(0)
    gc.randn(3, dtype=gc.float64)
    assert gc.rand(1).item() == after


@pytest.mark.parametrize("draw, message", [
    (lambda: gc.normal(0.0, -1.0, size=(3,)), "normal expects std >= 0.0, but found std -1"),
    (lambda: gc.empty(2).normal_(0, -1), "normal expects std >= 0.0, but found std -1"),
    (lambda: gc.empty(3).uniform_(2, 1), "uniform_ expects to return a [from, to) range, but found from=2 > to=1"),
    (lambda: gc.randperm(-2), "Trying to create tensor with negative dimension -2: [-2]"),
    (lambda: gc.randint(5, 2, (3,)), "random_ expects 'from' to be less than 'to', but got from=5 >= to=2"),
])
def test_bad_arguments_are_refused_with_torchs_words(draw, message):
    with pytest.raises(RuntimeError) as caught:
        draw()
    assert str(caught.value) == message
