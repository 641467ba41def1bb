"""Adafactor against torch (100-step trajectories of a matrix, a vector and a batch of matrices; state;
repr; argument checks) and SparseAdam's torch errors for the dense gradients gradcli has."""
import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.parity

RNG = np.random.default_rng(5)
SHAPES = ((4, 3), (3,), (2, 3, 2))
INIT = [RNG.standard_normal(s).astype(np.float32) for s in SHAPES]
GRADS = [[RNG.standard_normal(s).astype(np.float32) for s in SHAPES] for _ in range(100)]


def _run(lib, kwargs, pull):
    params = [lib.nn.Parameter(lib.tensor(v)) for v in INIT]
    opt = lib.optim.Adafactor(params, **kwargs)
    path = []
    for grads in GRADS:
        opt.zero_grad()
        with lib.no_grad():
            for p, g in zip(params, grads):
                p.grad = lib.tensor(g) + pull * p.detach()
        opt.step()
        path.append([p.detach().numpy().copy() for p in params])
    return opt, path


@pytest.mark.parametrize("kwargs", [dict(), dict(lr=0.05, weight_decay=0.1, d=2.0, maximize=True),
                                    dict(beta2_decay=-0.5, eps=(1e-20, 1e-2))], ids=["defaults", "decay", "eps"])
def test_trajectories_and_state_match_torch_over_100_steps(kwargs):
    for pull in (0.0, 0.5):
        mine, ours = _run(engine, kwargs, pull)
        theirs, their_path = _run(torch, kwargs, pull)
        for step, (a, b) in enumerate(zip(ours, their_path)):
            for x, y in zip(a, b):
                np.testing.assert_allclose(x, y, rtol=2e-5, atol=1e-6, err_msg=f"step {step + 1}")
        for p_mine, p_theirs in zip(mine.state, theirs.state):
            s_mine, s_theirs = mine.state[p_mine], theirs.state[p_theirs]
            assert list(s_mine) == list(s_theirs)
            for key in s_theirs:
                assert tuple(s_mine[key].shape) == tuple(s_theirs[key].shape), key
                np.testing.assert_allclose(s_mine[key].numpy(), s_theirs[key].numpy(), rtol=1e-4, atol=1e-7)
    assert repr(mine) == repr(theirs)


@pytest.mark.parametrize("kwargs", [dict(lr=-1.0), dict(beta2_decay=0.5), dict(eps=(-1.0, 1e-3)),
                                    dict(eps=(None, -1.0)), dict(d=0.5), dict(weight_decay=-0.1)])
def test_adafactor_argument_errors_are_torch_s(kwargs):
    with pytest.raises(ValueError) as theirs:
        torch.optim.Adafactor([torch.nn.Parameter(torch.ones(2))], **kwargs)
    with pytest.raises(ValueError) as mine:
        engine.optim.Adafactor([engine.nn.Parameter(engine.ones(2))], **kwargs)
    assert str(mine.value) == str(theirs.value)


def test_sparse_adam_refuses_dense_gradients_as_torch_does():
    for lib in (engine, torch):
        p = lib.nn.Parameter(lib.tensor([1.0, -2.0]))
        opt = lib.optim.SparseAdam([p], lr=0.1)
        assert repr(opt) == ("SparseAdam (\nParameter Group 0\n    betas: (0.9, 0.999)\n    eps: 1e-08\n"
                             "    lr: 0.1\n    maximize: False\n)")
        opt.step()                      # no gradient yet: nothing to refuse
        (p ** 2).sum().backward()
        with pytest.raises(RuntimeError, match="SparseAdam does not support dense gradients, please consider "
                                               "Adam instead"):
            opt.step()
        with pytest.raises(ValueError, match="Invalid learning rate: 0"):
            lib.optim.SparseAdam([p], lr=0)
