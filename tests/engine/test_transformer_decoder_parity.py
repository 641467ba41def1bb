"""TransformerDecoderLayer, TransformerDecoder, Transformer and LazyLinear against torch: with torch's
weights copied in, the same outputs and gradients (float64), masks and padding, norm_first and
batch_first; the same parameter names and reprs."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _twins(make):
    """The module built by torch and by gradcli, gradcli's parameters set to torch's."""
    theirs, ours = make(torch), make(g)
    theirs_params, ours_params = dict(theirs.named_parameters()), dict(ours.named_parameters())
    assert list(ours_params) == list(theirs_params)
    with g.no_grad():
        for name, p in ours_params.items():
            p.copy_(g.tensor(theirs_params[name].detach().numpy()))
    return theirs, ours


def _data(lib, shape, scale):
    a = np.sin(np.arange(int(np.prod(shape))) * scale).reshape(shape)
    return lib.tensor(a, dtype=lib.float64, requires_grad=True)


def _compare(theirs, ours, call):
    results = []
    for lib, module in ((torch, theirs), (g, ours)):
        out, inputs = call(lib, module)
        out.pow(2).sum().backward()
        results.append([out.detach().numpy()] + [t.grad.numpy() for t in inputs]
                       + [p.grad.numpy() for _, p in module.named_parameters()])
    for a, b in zip(*results):
        np.testing.assert_allclose(b, a, rtol=1e-9, atol=1e-11)


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("batch_first", [False, True])
def test_decoder_layer_matches_torch(norm_first, batch_first):
    theirs, ours = _twins(lambda lib: lib.nn.TransformerDecoderLayer(
        8, 2, 12, dropout=0.0, activation="gelu" if norm_first else "relu", norm_first=norm_first,
        batch_first=batch_first, dtype=lib.float64))

    def call(lib, module):
        tgt, memory = _data(lib, (2, 5, 8) if batch_first else (5, 2, 8), 0.3), \
            _data(lib, (2, 4, 8) if batch_first else (4, 2, 8), 0.7)
        mask = lib.triu(lib.full((5, 5), float("-inf"), dtype=lib.float64), diagonal=1)
        padding = lib.tensor([[False, False, True, True], [False, False, False, False]])
        return module(tgt, memory, tgt_mask=mask, memory_key_padding_mask=padding), (tgt, memory)
    _compare(theirs, ours, call)


@pytest.mark.filterwarnings("ignore:enable_nested_tensor is True")
def test_decoder_stack_and_transformer_match_torch():
    theirs, ours = _twins(lambda lib: lib.nn.Transformer(8, 2, 2, 2, 16, dropout=0.0, dtype=lib.float64))

    def call(lib, module):
        src, tgt = _data(lib, (6, 3, 8), 0.2), _data(lib, (4, 3, 8), 0.45)
        return module(src, tgt, tgt_mask=module.generate_square_subsequent_mask(4, dtype=lib.float64)), (src, tgt)
    _compare(theirs, ours, call)
    assert repr(ours) == repr(theirs)


def test_lazy_linear_takes_its_input_size_on_the_first_call_and_becomes_a_linear():
    reprs = []
    for lib in (torch, g):
        layer = lib.nn.LazyLinear(3, dtype=lib.float64)
        before = repr(layer)
        optimizer = lib.optim.SGD(layer.parameters(), lr=0.5)
        layer(lib.ones(2, 5, dtype=lib.float64))
        with lib.no_grad():
            layer.weight.fill_(0.1)
            layer.bias.fill_(-0.2)
        layer(lib.ones(2, 5, dtype=lib.float64)).sum().backward()
        optimizer.step()
        reprs.append((before, repr(layer), type(layer).__name__, tuple(layer.weight.shape),
                      layer.weight.detach().numpy().tolist(), layer.bias.detach().numpy().tolist()))
    assert reprs[0] == reprs[1]
