"""Adadelta, NAdam, RAdam, Adamax, Rprop and ASGD against torch: 100-step trajectories, state,
state_dict, repr and argument checks."""
import subprocess
import sys

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.parity

OPTIMIZERS = [
    ("Adadelta", dict()),
    ("Adadelta", dict(lr=0.5, rho=0.8, weight_decay=0.1, maximize=True)),
    ("NAdam", dict()),
    ("NAdam", dict(lr=0.01, weight_decay=0.1, momentum_decay=0.01)),
    ("NAdam", dict(lr=0.01, weight_decay=0.1, decoupled_weight_decay=True, maximize=True)),
    ("RAdam", dict()),
    ("RAdam", dict(lr=0.01, betas=(0.8, 0.99), weight_decay=0.1)),
    ("RAdam", dict(lr=0.01, weight_decay=0.1, decoupled_weight_decay=True, maximize=True)),
    ("Adamax", dict()),
    ("Adamax", dict(lr=0.01, betas=(0.8, 0.99), weight_decay=0.1, maximize=True)),
    ("Rprop", dict()),
    ("Rprop", dict(lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-4, 0.2), maximize=True)),
    ("ASGD", dict()),
    ("ASGD", dict(lr=0.05, lambd=1e-3, alpha=0.6, t0=20, weight_decay=0.1)),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(OPTIMIZERS)]

RNG = np.random.default_rng(7)
W0 = RNG.standard_normal((3, 4)).astype(np.float32)
B0 = RNG.standard_normal(4).astype(np.float32)
GRADS = [(RNG.standard_normal((3, 4)).astype(np.float32), RNG.standard_normal(4).astype(np.float32))
         for _ in range(100)]


def _run(lib, name, kwargs, pull):
    """100 steps with gradient = noise + pull * parameter (deterministic, and the same in both libraries);
    returns the optimizer and the parameters after each step."""
    w, b = lib.nn.Parameter(lib.tensor(W0)), lib.nn.Parameter(lib.tensor(B0))
    opt = getattr(lib.optim, name)([{"params": [w]}, {"params": [b]}], **kwargs)
    trajectory = []
    for gw, gb in GRADS:
        opt.zero_grad()
        with lib.no_grad():
            w.grad = lib.tensor(gw) + pull * w.detach()
            b.grad = lib.tensor(gb) + pull * b.detach()
        opt.step()
        trajectory.append((w.detach().numpy().copy(), b.detach().numpy().copy()))
    return opt, trajectory


@pytest.mark.parametrize("name,kwargs", OPTIMIZERS, ids=IDS)
def test_trajectories_match_torch_over_100_steps(name, kwargs):
    for pull in (0.0, 0.5):
        mine, ours = _run(engine, name, kwargs, pull)
        theirs, their_path = _run(torch, name, kwargs, pull)
        for step, (a, b) in enumerate(zip(ours, their_path)):
            for x, y in zip(a, b):
                np.testing.assert_allclose(x, y, rtol=1e-5, atol=1e-6, err_msg=f"{name} step {step + 1}")
        for p_mine, p_theirs in zip(mine.state, theirs.state):
            s_mine, s_theirs = mine.state[p_mine], theirs.state[p_theirs]
            assert list(s_mine) == list(s_theirs)
            for key in s_theirs:
                assert s_mine[key].dtype.__str__() == str(s_theirs[key].dtype), key
                np.testing.assert_allclose(s_mine[key].numpy(), s_theirs[key].numpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name,kwargs", OPTIMIZERS, ids=IDS)
def test_state_dict_and_repr_match_torch(name, kwargs):
    mine, _ = _run(engine, name, kwargs, 0.1)
    theirs, _ = _run(torch, name, kwargs, 0.1)
    sd_mine, sd_theirs = mine.state_dict(), theirs.state_dict()
    assert sd_mine["param_groups"] == sd_theirs["param_groups"]
    assert [list(g) for g in sd_mine["param_groups"]] == [list(g) for g in sd_theirs["param_groups"]]
    assert {i: list(s) for i, s in sd_mine["state"].items()} == {i: list(s) for i, s in sd_theirs["state"].items()}
    assert sd_mine["state"][0]["step"].item() == sd_theirs["state"][0]["step"].item() == 100.0
    assert repr(mine) == repr(theirs)


def test_load_state_dict_resumes_the_same_trajectory():
    first, _ = _run(engine, "NAdam", dict(lr=0.01), 0.5)
    w, b = (p for g in first.param_groups for p in g["params"])
    again = engine.optim.NAdam([{"params": [w]}, {"params": [b]}], lr=0.01)
    again.load_state_dict(first.state_dict())
    assert again.state[w]["mu_product"].dtype == engine.float32
    for opt in (first, again):
        before = w.detach().numpy().copy()
        w.grad = engine.ones(3, 4)
        opt.step()
        with engine.no_grad():
            w.copy_(engine.tensor(before))
    assert first.state[w]["mu_product"].item() == again.state[w]["mu_product"].item()


BAD_ARGUMENTS = [
    ("Adadelta", dict(rho=1.5)), ("Adadelta", dict(eps=-1.0)), ("Adadelta", dict(lr=-1.0)),
    ("NAdam", dict(betas=(1.0, 0.9))), ("NAdam", dict(betas=(0.9, -0.1))), ("NAdam", dict(momentum_decay=-1.0)),
    ("RAdam", dict(weight_decay=-1.0)), ("Adamax", dict(betas=(0.9, 1.0))), ("Rprop", dict(etas=(0.5, 0.9))),
    ("Rprop", dict(etas=(0.0, 1.2))), ("ASGD", dict(weight_decay=-0.1)), ("ASGD", dict(lr=-0.1)),
]


@pytest.mark.parametrize("name,kwargs", BAD_ARGUMENTS, ids=[f"{n}-{list(k)[0]}" for n, k in BAD_ARGUMENTS])
def test_bad_arguments_raise_torch_s_error(name, kwargs):
    with pytest.raises(ValueError) as theirs:
        getattr(torch.optim, name)([torch.nn.Parameter(torch.ones(2))], **kwargs)
    with pytest.raises(ValueError) as mine:
        getattr(engine.optim, name)([engine.nn.Parameter(engine.ones(2))], **kwargs)
    assert str(mine.value) == str(theirs.value)


SCRIPT = """\
import torch
p = torch.nn.Parameter(torch.ones(3))
opt = torch.optim.NAdam([p], lr=0.1)
for _ in range(5):
    opt.zero_grad()
    loss = ((p - torch.tensor([1.0, 2.0, 3.0])) ** 2).sum()
    loss.backward()
    opt.step()
print(p.detach().tolist())
print(opt.state[p]["mu_product"])
"""


def test_a_script_runs_nadam_as_torch_does(tmp_path):
    script = tmp_path / "nadam.py"
    script.write_text(SCRIPT)
    mine = subprocess.run([sys.executable, "-m", "gradcli", "run", str(script)], capture_output=True, text=True)
    theirs = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert mine.returncode == 0, mine.stderr
    assert mine.stdout.splitlines()[1] == theirs.stdout.splitlines()[1]
    np.testing.assert_allclose(eval(mine.stdout.splitlines()[0]), eval(theirs.stdout.splitlines()[0]), rtol=1e-5)
