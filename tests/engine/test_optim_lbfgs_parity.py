"""LBFGS against torch: trajectories (fixed step and strong-Wolfe), the state torch keeps under the
first parameter, and its argument checks."""
import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.parity

RNG = np.random.default_rng(3)
A = RNG.standard_normal((12, 5)).astype(np.float32)
B = RNG.standard_normal(12).astype(np.float32)
W0 = RNG.standard_normal(5).astype(np.float32)


def _fit(lib, steps, **kwargs):
    """A least-squares fit of 5 weights; the weights after each outer step and the optimizer."""
    a, b = lib.tensor(A), lib.tensor(B)
    w = lib.nn.Parameter(lib.tensor(W0))
    opt = lib.optim.LBFGS([w], **kwargs)

    def closure():
        opt.zero_grad()
        loss = ((a @ w - b) ** 2).mean() + 0.1 * (w ** 4).sum()
        loss.backward()
        return loss

    path = []
    for _ in range(steps):
        opt.step(closure)
        path.append(w.detach().numpy().copy())
    return opt, path


@pytest.mark.parametrize("steps,kwargs", [(100, dict(lr=0.1, max_iter=1)),
                                          (100, dict(lr=0.05, max_iter=1, history_size=3)),
                                          # the line search reaches the minimum in 9 steps; past it both
                                          # libraries stop at points float32 noise picks
                                          (8, dict(max_iter=1, line_search_fn="strong_wolfe"))],
                         ids=["fixed", "short-history", "strong-wolfe"])
def test_one_iteration_per_step_follows_torch(steps, kwargs):
    _, ours = _fit(engine, steps, **kwargs)
    _, theirs = _fit(torch, steps, **kwargs)
    for step, (mine, their) in enumerate(zip(ours, theirs)):
        np.testing.assert_allclose(mine, their, rtol=1e-4, atol=1e-5, err_msg=f"step {step + 1}")


@pytest.mark.parametrize("line_search_fn", [None, "strong_wolfe"])
def test_a_full_step_lands_where_torch_s_does_with_the_same_state(line_search_fn):
    mine, (ours,) = _fit(engine, 1, line_search_fn=line_search_fn, max_iter=8)
    theirs, (their,) = _fit(torch, 1, line_search_fn=line_search_fn, max_iter=8)
    np.testing.assert_allclose(ours, their, rtol=1e-4, atol=1e-5)
    (p_mine,), (p_theirs,) = mine.state, theirs.state
    s_mine, s_theirs = mine.state[p_mine], theirs.state[p_theirs]
    assert list(s_mine) == list(s_theirs)
    assert (s_mine["func_evals"], s_mine["n_iter"]) == (s_theirs["func_evals"], s_theirs["n_iter"])
    assert len(s_mine["old_dirs"]) == len(s_theirs["old_dirs"])
    assert str(s_mine["H_diag"].dtype) == str(s_theirs["H_diag"].dtype) == "torch.float32"
    np.testing.assert_allclose(s_mine["d"].numpy(), s_theirs["d"].numpy(), rtol=1e-3, atol=1e-6)
    assert repr(mine) == repr(theirs)
    assert mine.state_dict()["param_groups"] == theirs.state_dict()["param_groups"]


def test_load_state_dict_continues_the_same_history():
    first, _ = _fit(engine, 4, lr=0.1, max_iter=2, max_eval=4)
    theirs, _ = _fit(torch, 4, lr=0.1, max_iter=2, max_eval=4)
    w = first.param_groups[0]["params"][0]
    again = engine.optim.LBFGS([w], lr=0.1, max_iter=2, max_eval=4)
    again.load_state_dict(first.state_dict())
    lengths = [len(o.state[p]["old_dirs"]) for o in (first, again, theirs) for p in o.state]
    assert lengths == [7, 7, 7]
    assert again.state[w]["ro"][0].item() == first.state[w]["ro"][0].item()
    assert again.state[w]["n_iter"] == 8


def test_a_closure_is_required_and_one_group_only():
    w = engine.nn.Parameter(engine.ones(2))
    with pytest.raises(TypeError):
        engine.optim.LBFGS([w]).step()
    with pytest.raises(ValueError, match="LBFGS doesn't support per-parameter options"):
        engine.optim.LBFGS([{"params": [w]}, {"params": [engine.nn.Parameter(engine.ones(1))]}])
