"""Learning-rate schedulers against torch: 100-step curves (floats equal to the last bit), state_dict
keys, and the warnings torch gives for a scheduler stepped before its optimizer, for step(epoch) and
for get_lr() read outside step()."""
import warnings

import pytest

from gradcli import engine

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.parity


def _sequential(L, opt):
    return L.SequentialLR(opt, [L.LinearLR(opt, 0.2, total_iters=5), L.ExponentialLR(opt, 0.97),
                                L.CosineAnnealingLR(opt, 20, 1e-4)], milestones=[5, 40])


SCHEDULERS = {
    "sequential": _sequential,
    "chained": lambda L, o: L.ChainedScheduler([L.StepLR(o, 7, 0.5), L.CosineAnnealingLR(o, 30)]),
    "cyclic-triangular": lambda L, o: L.CyclicLR(o, 0.001, 0.1, step_size_up=7, step_size_down=4),
    "cyclic-triangular2": lambda L, o: L.CyclicLR(o, [0.001, 0.002], 0.1, step_size_up=5, mode="triangular2"),
    "cyclic-exp-range": lambda L, o: L.CyclicLR(o, 0.01, 0.1, step_size_up=6, mode="exp_range", gamma=0.97,
                                                base_momentum=0.7, max_momentum=0.95),
    "warm-restarts": lambda L, o: L.CosineAnnealingWarmRestarts(o, T_0=4, T_mult=2, eta_min=1e-3),
    "warm-restarts-flat": lambda L, o: L.CosineAnnealingWarmRestarts(o, T_0=9),
}


def _curve(lib, make):
    w, b = lib.nn.Parameter(lib.zeros(2)), lib.nn.Parameter(lib.zeros(1))
    opt = lib.optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.3}], lr=0.1, momentum=0.9)
    scheduler = make(lib.optim.lr_scheduler, opt)
    seen = []
    for _ in range(100):
        opt.step()
        scheduler.step()
        seen.append([(g["lr"], g["momentum"]) for g in opt.param_groups] + scheduler.get_last_lr())
    return seen, scheduler


@pytest.mark.parametrize("name", SCHEDULERS)
def test_curves_and_state_dicts_equal_torch_s(name):
    ours, mine = _curve(engine, SCHEDULERS[name])
    theirs, their = _curve(torch, SCHEDULERS[name])
    assert ours == theirs
    sd_mine, sd_theirs = mine.state_dict(), their.state_dict()
    assert list(sd_mine) == list(sd_theirs)
    for key in sd_theirs:
        if key != "_schedulers":
            assert sd_mine[key] == sd_theirs[key], key
    for s_mine, s_theirs in zip(sd_mine.get("_schedulers", []), sd_theirs.get("_schedulers", [])):
        assert s_mine == s_theirs


def _warnings(lib, opt_first: bool, stepped_before: bool = False):
    p = lib.nn.Parameter(lib.zeros(1))
    opt = lib.optim.SGD([p], lr=0.1)
    if stepped_before:
        opt.step()
    scheduler = lib.optim.lr_scheduler.StepLR(opt, 2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if opt_first:
            opt.step()
        scheduler.step()
        scheduler.step()
    return [str(w.message) for w in caught]


@pytest.mark.parametrize("opt_first,stepped_before", [(True, False), (False, False), (False, True)],
                         ids=["in-order", "scheduler-first", "optimizer-stepped-only-before"])
def test_the_step_order_warning_is_torch_s(opt_first, stepped_before):
    mine = _warnings(engine, opt_first, stepped_before)
    assert mine == _warnings(torch, opt_first, stepped_before)
    assert len(mine) == (0 if opt_first else 1)
    if mine:
        assert mine[0].startswith("Detected call of `lr_scheduler.step()` before `optimizer.step()`.")


def test_get_lr_outside_step_and_step_epoch_warn_as_torch():
    def caught(lib):
        opt = lib.optim.SGD([lib.nn.Parameter(lib.zeros(1))], lr=1.0)
        scheduler = lib.optim.lr_scheduler.ExponentialLR(opt, 0.5)
        opt.step()
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            lrs = scheduler.get_lr()
            scheduler.step(3)
        return lrs, scheduler.get_last_lr(), [str(w.message)[:60] for w in seen]

    assert caught(engine) == caught(torch)
    assert caught(engine)[2][0] == "To get the last learning rate computed by the scheduler, ple"


def test_tensor_learning_rates_are_filled_in_place():
    for lib in (engine, torch):
        lr = lib.tensor(0.1)
        opt = lib.optim.SGD([lib.nn.Parameter(lib.zeros(1))], lr=lr)
        scheduler = lib.optim.lr_scheduler.StepLR(opt, 1, gamma=0.5)
        opt.step()
        scheduler.step()
        assert opt.param_groups[0]["lr"] is lr
        assert lr.item() == pytest.approx(0.05)
        assert scheduler.base_lrs[0] is not lr and scheduler.base_lrs[0].item() == pytest.approx(0.1)
