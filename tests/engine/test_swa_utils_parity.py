"""swa_utils against torch: averaged weights after several updates (SWA mean, EMA by multi_avg_fn and by
avg_fn, buffers averaged or copied), SWALR's curve to the last bit, update_bn's statistics."""
import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.parity

RNG = np.random.default_rng(11)
STATES = [[RNG.standard_normal(s).astype(np.float32) for s in ((3, 2), (3,), (3,), (3,), (1, 3), (1,))]
          for _ in range(6)]


def _averages(lib, make):
    model = lib.nn.Sequential(lib.nn.Linear(2, 3), lib.nn.BatchNorm1d(3), lib.nn.Linear(3, 1))
    averaged = make(lib, model)
    for values in STATES:
        with lib.no_grad():
            for p, v in zip(model.parameters(), values):
                p.copy_(lib.tensor(v))
            model[1].running_mean.copy_(lib.tensor(values[2]))
            model[1].num_batches_tracked += 1
        averaged.update_parameters(model)
    return [t.detach().numpy().copy() for t in averaged.state_dict().values()], list(averaged.state_dict())


MAKERS = {
    "swa": lambda lib, m: lib.optim.swa_utils.AveragedModel(m),
    "ema-multi": lambda lib, m: lib.optim.swa_utils.AveragedModel(
        m, multi_avg_fn=lib.optim.swa_utils.get_ema_multi_avg_fn(0.7)),
    "ema-fn-buffers": lambda lib, m: lib.optim.swa_utils.AveragedModel(
        m, avg_fn=lib.optim.swa_utils.get_ema_avg_fn(0.6), use_buffers=True),
    "swa-fn-buffers": lambda lib, m: lib.optim.swa_utils.AveragedModel(
        m, avg_fn=lib.optim.swa_utils.get_swa_avg_fn(), use_buffers=True),
}


@pytest.mark.parametrize("name", MAKERS)
def test_averaged_weights_and_buffers_match_torch(name):
    mine, keys = _averages(engine, MAKERS[name])
    theirs, their_keys = _averages(torch, MAKERS[name])
    assert keys == their_keys
    for key, a, b in zip(keys, mine, theirs):
        assert a.dtype == b.dtype, key
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7, err_msg=key)


@pytest.mark.parametrize("kwargs", [dict(swa_lr=0.05), dict(swa_lr=[0.01, 0.2], anneal_epochs=4,
                                                              anneal_strategy="linear"),
                                    dict(swa_lr=0.3, anneal_epochs=0)])
def test_swalr_curves_equal_torch_s(kwargs):
    def curve(lib):
        opt = lib.optim.SGD([{"params": [lib.nn.Parameter(lib.zeros(1))]},
                             {"params": [lib.nn.Parameter(lib.zeros(1))], "lr": 0.5}], lr=0.1)
        scheduler = lib.optim.swa_utils.SWALR(opt, **kwargs)
        lrs = []
        for _ in range(15):
            opt.step()
            scheduler.step()
            lrs.append([g["lr"] for g in opt.param_groups])
        return lrs, list(scheduler.state_dict())

    assert curve(engine) == curve(torch)


def test_update_bn_recomputes_the_statistics_as_torch():
    def stats(lib):
        model = lib.nn.Sequential(lib.nn.Linear(2, 3), lib.nn.BatchNorm1d(3, momentum=0.3))
        with lib.no_grad():
            model[0].weight.copy_(lib.tensor([[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]]))
            model[0].bias.fill_(0.1)
        model.eval()
        x = lib.tensor(STATES[0][0].repeat(4, axis=0))
        loader = lib.utils.data.DataLoader(lib.utils.data.TensorDataset(x), batch_size=5)
        lib.optim.swa_utils.update_bn(loader, model)
        bn = model[1]
        return (bn.running_mean.numpy().copy(), bn.running_var.numpy().copy(), bn.momentum,
                int(bn.num_batches_tracked), model.training)

    mine, theirs = stats(engine), stats(torch)
    np.testing.assert_allclose(mine[0], theirs[0], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(mine[1], theirs[1], rtol=1e-6, atol=1e-7)
    assert mine[2:] == theirs[2:] == (0.3, 3, False)
