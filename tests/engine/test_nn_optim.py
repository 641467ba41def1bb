"""torch.nn modules and torch.optim as a library: registration, reprs, and optimizer trajectories
against PyTorch (parity tests skip without torch)."""
import numpy as np
import pytest

from gradcli import engine

nn = engine.nn


def _mlp(lib):
    return lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.Tanh(), lib.nn.Linear(4, 2))


def test_modules_register_parameters_in_torch_s_order():
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.act = nn.ReLU()
            self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 2, bias=False)])

        def forward(self, x):
            x = self.act(self.fc1(x))
            for block in self.blocks:
                x = block(x)
            return x

    net = Net()
    assert [n for n, _ in net.named_parameters()] == ["fc1.weight", "fc1.bias", "blocks.0.weight",
                                                      "blocks.0.bias", "blocks.1.weight"]
    assert list(net.state_dict()) == [n for n, _ in net.named_parameters()]
    assert net(engine.ones(2, 3)).shape == (2, 2)
    assert not net.eval().training and all(not m.training for m in net.modules())
    net.zero_grad()


def test_a_module_without_forward_says_so():
    with pytest.raises(NotImplementedError, match='missing the required "forward" function'):
        nn.Module()(engine.ones(1))


def test_forward_hooks_see_and_may_replace_the_output():
    layer = nn.Identity()
    seen = []
    handle = layer.register_forward_hook(lambda m, args, out: seen.append(out) or out * 2)
    assert layer(engine.tensor(3.0)).item() == 6.0 and seen[0].item() == 3.0
    handle.remove()
    assert layer(engine.tensor(3.0)).item() == 3.0




@pytest.mark.parity
def test_module_reprs_match_torch():
    torch = pytest.importorskip("torch")
    for make in (_mlp, lambda lib: lib.nn.Sequential(lib.nn.LeakyReLU(), lib.nn.GELU(), lib.nn.Softmax(dim=1),
                                                       lib.nn.ReLU(inplace=True), lib.nn.Dropout(0.2),
                                                       lib.nn.Flatten(), lib.nn.MSELoss(), lib.nn.ELU())):
        assert repr(make(engine)) == repr(make(torch))
    assert repr(nn.Parameter(engine.tensor([1.0, 2.0]))) == repr(torch.nn.Parameter(torch.tensor([1.0, 2.0])))


OPTIMIZERS = [
    ("SGD", dict(lr=0.1)),
    ("SGD", dict(lr=0.05, momentum=0.9)),
    ("SGD", dict(lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("SGD", dict(lr=0.05, momentum=0.5, dampening=0.3, maximize=True)),
    ("Adam", dict(lr=0.01)),
    ("Adam", dict(lr=0.01, weight_decay=0.1, amsgrad=True)),
    ("AdamW", dict(lr=0.01)),
    ("RMSprop", dict(lr=0.01)),
    ("RMSprop", dict(lr=0.01, momentum=0.9, centered=True, weight_decay=0.1)),
    ("Adagrad", dict(lr=0.1, lr_decay=0.01, weight_decay=0.1)),
]


@pytest.mark.parity
@pytest.mark.parametrize("name,kwargs", OPTIMIZERS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(OPTIMIZERS)])
def test_optimizer_trajectories_match_torch_over_100_steps(name, kwargs):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    w0, b0 = rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal(2).astype(np.float32)
    x, y = rng.standard_normal((8, 3)).astype(np.float32), rng.standard_normal((8, 2)).astype(np.float32)

    def run(lib):
        layer = lib.nn.Linear(3, 2)
        with lib.no_grad():
            layer.weight.copy_(lib.tensor(w0))
            layer.bias.copy_(lib.tensor(b0))
        opt = getattr(lib.optim, name)(layer.parameters(), **kwargs)
        for _ in range(100):
            opt.zero_grad()
            loss = ((layer(lib.tensor(x)) - lib.tensor(y)) ** 2).mean()
            loss.backward()
            opt.step()
        return layer.weight.detach().numpy().copy(), layer.bias.detach().numpy().copy()

    for mine, theirs in zip(run(engine), run(torch)):
        np.testing.assert_allclose(mine, theirs, rtol=2e-5, atol=2e-6)


def test_dataloader_batches_and_drops_the_short_last_batch():
    data = engine.utils.data.TensorDataset(engine.arange(10.0).reshape(5, 2), engine.arange(5))
    loader = engine.utils.data.DataLoader(data, batch_size=2, drop_last=True)
    batches = list(loader)
    assert len(loader) == 2 and len(batches) == 2
    assert batches[1][1].tolist() == [2, 3]
    shuffled = sorted(i for _, ys in engine.utils.data.DataLoader(data, batch_size=2, shuffle=True)
                      for i in ys.tolist())
    assert shuffled == [0, 1, 2, 3, 4]


SCHEDULERS = [("StepLR", dict(step_size=3, gamma=0.5)), ("ExponentialLR", dict(gamma=0.9)),
              ("CosineAnnealingLR", dict(T_max=5, eta_min=0.01)), ("LambdaLR", dict(lr_lambda=lambda e: 0.95 ** e))]


@pytest.mark.parity
@pytest.mark.parametrize("name,kwargs", SCHEDULERS, ids=[n for n, _ in SCHEDULERS])
def test_learning_rates_match_torch_to_the_last_bit(name, kwargs):
    torch = pytest.importorskip("torch")

    def rates(lib):
        opt = lib.optim.SGD([lib.nn.Parameter(lib.tensor([1.0]))], lr=0.1)
        scheduler = getattr(lib.optim.lr_scheduler, name)(opt, **kwargs)
        out = []
        for _ in range(12):
            opt.step()
            scheduler.step()
            out.append(scheduler.get_last_lr()[0])
        return out

    assert rates(engine) == rates(torch)


def test_ops_on_parameters_record_the_graph():
    """A Parameter is a Tensor subclass: every op on it must record, as on a tensor."""
    w = nn.Parameter(engine.tensor([1.0, -2.0, 3.0]))
    results = [w * engine.tensor([1.0, 2.0, 3.0]), w * 2, 2 * w, w + w, w.exp(), w @ w, w[0], -w,
               engine.relu(w), w.sum(), w.pow(2), w / 2]
    assert all(r.grad_fn is not None for r in results)
    sum(r.sum() for r in results).backward()
    assert w.grad is not None
