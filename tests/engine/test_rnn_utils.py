"""torch.nn.utils.rnn: padding a list of sequences, packing a padded batch, and recurrent layers
running on a PackedSequence (each sequence stops at its own length)."""

import numpy as np
import pytest

import gradcli.engine as torch
from gradcli.engine import nn
from gradcli.engine.autograd import gradcheck
from gradcli.engine.nn.rnn_utils import (
    PackedSequence, pack_padded_sequence, pack_sequence, pad_packed_sequence, pad_sequence, unpack_sequence,
    unpad_sequence,
)


def test_pad_sequence_stacks_time_major_and_fills_the_tail():
    a, b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True), torch.tensor([4.0, 5.0], requires_grad=True)
    padded = pad_sequence([a, b])
    assert padded.tolist() == [[1.0, 4.0], [2.0, 5.0], [3.0, 0.0]]
    assert padded.grad_fn.name() == "torch::autograd::CopySlices"   # as torch names it
    padded.sum().backward()
    assert b.grad.tolist() == [1.0, 1.0]


def test_pad_sequence_batch_first_on_the_left_with_a_padding_value():
    padded = pad_sequence([torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0])], batch_first=True,
                          padding_value=-1, padding_side="left")
    assert padded.tolist() == [[1.0, 2.0, 3.0], [-1.0, 4.0, 5.0]]
    with pytest.raises(ValueError, match="padding_side"):
        pad_sequence([torch.ones(2)], padding_side="middle")


def test_pack_padded_sequence_keeps_the_live_rows_of_each_step():
    x = torch.arange(6.0).reshape(3, 2, 1)          # 3 steps, 2 sequences
    packed = pack_padded_sequence(x, [3, 2])
    assert isinstance(packed, PackedSequence)
    assert packed.batch_sizes.tolist() == [2, 2, 1]
    assert packed.data.flatten().tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert packed.sorted_indices is None and packed.unsorted_indices is None
    data, batch_sizes, sorted_indices, unsorted_indices = packed      # a namedtuple, as torch's
    padded, lengths = pad_packed_sequence(packed)
    assert lengths.tolist() == [3, 2]
    assert padded.flatten().tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 0.0]


def test_unsorted_lengths_need_enforce_sorted_false():
    x = torch.ones(3, 2, 1)
    with pytest.raises(RuntimeError, match="must be sorted in decreasing order"):
        pack_padded_sequence(x, [2, 3])
    packed = pack_padded_sequence(x, torch.tensor([2, 3]), enforce_sorted=False)
    assert packed.sorted_indices.tolist() == [1, 0] and packed.unsorted_indices.tolist() == [1, 0]
    padded, lengths = pad_packed_sequence(packed, batch_first=True, total_length=4)
    assert lengths.tolist() == [2, 3] and tuple(padded.shape) == (2, 4, 1)


def test_pack_sequence_round_trips_through_pad_packed_sequence():
    seqs = [torch.tensor([4.0, 5.0]), torch.tensor([1.0, 2.0, 3.0])]
    packed = pack_sequence(seqs, enforce_sorted=False)
    assert packed.data.tolist() == [1.0, 4.0, 2.0, 5.0, 3.0]
    padded, lengths = pad_packed_sequence(packed, batch_first=True)
    assert padded.tolist() == [[4.0, 5.0, 0.0], [1.0, 2.0, 3.0]] and lengths.tolist() == [2, 3]


def test_unpad_and_unpack_give_the_sequences_back():
    seqs = [torch.tensor([4.0, 5.0]), torch.tensor([1.0, 2.0, 3.0])]
    assert [s.tolist() for s in unpack_sequence(pack_sequence(seqs, enforce_sorted=False))] == \
        [[4.0, 5.0], [1.0, 2.0, 3.0]]
    assert [s.tolist() for s in unpad_sequence(pad_sequence(seqs), torch.tensor([2, 3]))] == \
        [[4.0, 5.0], [1.0, 2.0, 3.0]]


def test_lstm_on_a_packed_batch_stops_each_sequence_at_its_length():
    torch.manual_seed(0)
    lstm = nn.LSTM(2, 3)
    x = torch.randn(4, 2, 2)
    out, (h, c) = lstm(pack_padded_sequence(x, [4, 2]))
    assert isinstance(out, PackedSequence) and tuple(out.data.shape) == (6, 3)
    _, (h_short, _) = lstm(x[:2, 1:])          # the short sequence alone
    assert np.allclose(h[0, 1].detach().numpy(), h_short[0, 0].detach().numpy())
    padded, _ = pad_packed_sequence(out)
    assert padded[2:, 1].abs().sum().item() == 0.0


def test_packed_gru_passes_gradcheck():
    torch.manual_seed(0)
    gru = nn.GRU(2, 2, bidirectional=True).double()
    x = torch.randn(3, 2, 2, dtype=torch.float64, requires_grad=True)

    def f(inp):
        out, h = gru(pack_padded_sequence(inp, [1, 3], enforce_sorted=False))
        return pad_packed_sequence(out)[0].sum() + h.pow(2).sum()
    assert gradcheck(f, (x,))


@pytest.mark.parity
@pytest.mark.parametrize("mode", ["RNN", "LSTM", "GRU"])
@pytest.mark.parametrize("bidirectional", [False, True])
def test_packed_recurrent_layers_match_torch(mode, bidirectional):
    real = pytest.importorskip("torch")
    from torch.nn.utils import rnn as real_rnn
    rs = np.random.RandomState(0)
    theirs = getattr(real.nn, mode)(3, 4, num_layers=2, bidirectional=bidirectional).double()
    ours = getattr(nn, mode)(3, 4, num_layers=2, bidirectional=bidirectional, dtype=torch.float64)
    for name, p in theirs.named_parameters():
        getattr(ours, name).data = torch.tensor(p.detach().numpy().copy())
    x, h0 = rs.randn(5, 3, 3), rs.randn(4 if bidirectional else 2, 3, 4)
    results = []
    for lib, rnn_utils, model in ((real, real_rnn, theirs), (torch, nn.utils.rnn, ours)):
        xt, ht = lib.tensor(x, requires_grad=True), lib.tensor(h0, requires_grad=True)
        hx = (ht, ht * 2) if mode == "LSTM" else ht
        out, hn = model(rnn_utils.pack_padded_sequence(xt, [2, 5, 3], enforce_sorted=False), hx)
        padded, _ = rnn_utils.pad_packed_sequence(out)
        hn = hn[0] + 3 * hn[1] if mode == "LSTM" else hn
        ((padded ** 2).sum() + (hn ** 3).sum()).backward()
        results.append([padded.detach().numpy(), hn.detach().numpy(), xt.grad.numpy(), ht.grad.numpy()]
                       + [p.grad.numpy() for _, p in model.named_parameters()])
    for theirs_value, ours_value in zip(*results):
        assert np.allclose(theirs_value, ours_value)
