"""nn.RNN, nn.LSTM, nn.GRU and their cells: built from engine ops, so gradcheck and gradgradcheck
hold in float64 through every gate, layer and direction (torch's values are in
tests/torch_scripts/recurrent_layers)."""

import pytest

import gradcli.engine as torch
from gradcli.engine import nn
from gradcli.engine.autograd import gradcheck, gradgradcheck


def _double(module):
    return module.double()


@pytest.mark.parametrize("make", [
    lambda: nn.RNN(3, 2, num_layers=2, nonlinearity="relu"),
    lambda: nn.GRU(3, 2, bidirectional=True),
    lambda: nn.LSTM(3, 2, num_layers=2, bidirectional=True, batch_first=True),
], ids=["rnn-relu-2-layers", "gru-bidirectional", "lstm-2-layers-bidirectional-batch-first"])
def test_recurrent_layers_pass_gradcheck_and_gradgradcheck(make):
    torch.manual_seed(0)
    module = _double(make())
    x = torch.randn(4, 2, 3, dtype=torch.float64, requires_grad=True)
    weights = list(module.parameters())

    def f(inp, *ws):
        out, h = torch.func.functional_call(module, dict(zip([n for n, _ in module.named_parameters()], ws)), (inp,))
        return out.tanh().sum() + (h[0].sum() + h[1].sum() if isinstance(h, tuple) else h.sum())

    args = (x, *[w.detach().requires_grad_() for w in weights])
    assert gradcheck(f, args)
    assert gradgradcheck(f, args)


def test_parameter_names_and_shapes_are_torch_s():
    lstm = nn.LSTM(3, 5, num_layers=2, bidirectional=True, bias=False)
    assert [(n, tuple(p.shape)) for n, p in lstm.named_parameters()] == [
        ("weight_ih_l0", (20, 3)), ("weight_hh_l0", (20, 5)),
        ("weight_ih_l0_reverse", (20, 3)), ("weight_hh_l0_reverse", (20, 5)),
        ("weight_ih_l1", (20, 10)), ("weight_hh_l1", (20, 5)),
        ("weight_ih_l1_reverse", (20, 10)), ("weight_hh_l1_reverse", (20, 5))]
    assert all(p.abs().max().item() <= 5 ** -0.5 for p in lstm.parameters())


def test_shapes_batch_first_unbatched_and_initial_state():
    gru = nn.GRU(3, 4, num_layers=2, batch_first=True)
    out, h = gru(torch.randn(2, 7, 3), torch.zeros(2, 2, 4))
    assert tuple(out.shape) == (2, 7, 4) and tuple(h.shape) == (2, 2, 4)
    out, (h, c) = nn.LSTM(3, 4)(torch.randn(7, 3))
    assert tuple(out.shape) == (7, 4) and tuple(h.shape) == tuple(c.shape) == (1, 4)
    assert tuple(nn.LSTMCell(3, 4)(torch.randn(3))[1].shape) == (4,)


def test_wrong_sizes_are_torch_s_errors():
    with pytest.raises(RuntimeError, match="input.size\\(-1\\) must be equal to input_size. Expected 3, got 5"):
        nn.RNN(3, 4)(torch.randn(2, 1, 5))
    with pytest.raises(RuntimeError, match="Expected hidden size \\(1, 1, 4\\), got \\[1, 2, 4\\]"):
        nn.RNN(3, 4)(torch.randn(2, 1, 3), torch.zeros(1, 2, 4))
    with pytest.raises(RuntimeError, match="Expected hidden\\[1\\] size \\(1, 2, 4\\), got \\[1, 2, 2\\]"):
        nn.LSTM(3, 4, proj_size=2)(torch.randn(5, 2, 3), (torch.zeros(1, 2, 2), torch.zeros(1, 2, 2)))
    with pytest.raises(ValueError, match="proj_size has to be smaller than hidden_size"):
        nn.LSTM(3, 4, proj_size=4)


def test_dropout_between_layers_only_in_training():
    torch.manual_seed(1)
    rnn = nn.RNN(3, 4, num_layers=2, dropout=0.9)
    x = torch.randn(5, 1, 3)
    rnn.eval()
    first, _ = rnn(x)
    again, _ = rnn(x)
    assert torch.equal(first, again)
    rnn.train()
    assert not torch.equal(rnn(x)[0], first)
