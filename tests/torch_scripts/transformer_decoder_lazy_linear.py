import torch
import torch.nn as nn


def fill(module, scale):
    """Deterministic weights: each parameter a slice of a sine wave."""
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=p.dtype) * scale + k).reshape(p.shape) * 0.3)


layer = nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0)
fill(layer, 0.37)
print(layer)
print([(n, tuple(p.shape)) for n, p in layer.named_parameters()][:6], len(list(layer.parameters())))
tgt = torch.cos(torch.arange(5 * 2 * 8, dtype=torch.float32) * 0.21).reshape(5, 2, 8).requires_grad_()
memory = torch.sin(torch.arange(4 * 2 * 8, dtype=torch.float32) * 0.43).reshape(4, 2, 8).requires_grad_()
mask = torch.triu(torch.full((5, 5), float("-inf")), diagonal=1)
print(mask)
out = layer(tgt, memory, tgt_mask=mask)
print(out[4], out.grad_fn.name())

pad = torch.tensor([[False, False, False, True], [False, False, False, False]])
pre = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=True, batch_first=True)
fill(pre, 0.29)
out_pre = pre(tgt.transpose(0, 1), memory.transpose(0, 1), memory_key_padding_mask=pad)
print(out_pre[1, 2])

decoder = nn.TransformerDecoder(layer, num_layers=2, norm=nn.LayerNorm(8))
dec = decoder(tgt, memory, tgt_mask=mask, tgt_is_causal=True)
print(len(decoder.layers), dec[0, 1])

model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=16,
                       dropout=0.0)
fill(model, 0.11)
print(model.encoder.norm, model.decoder.norm, sum(p.numel() for p in model.parameters()))
print(torch.equal(model.generate_square_subsequent_mask(5), mask))
src = torch.sin(torch.arange(6 * 2 * 8, dtype=torch.float32) * 0.17).reshape(6, 2, 8)
y = model(src, tgt, tgt_mask=mask)
print(y[2])
(out.pow(2).sum() + out_pre.sum() + dec.pow(2).sum() + y.pow(2).sum()).backward()
print(tgt.grad[1], memory.grad[3], layer.multihead_attn.in_proj_weight.grad[0])

lazy = nn.LazyLinear(3)
print(lazy, lazy.in_features)
opt = torch.optim.SGD(lazy.parameters(), lr=0.1)
x = torch.arange(8.0).reshape(2, 4)
z = lazy(x)
print(type(lazy).__name__, lazy, lazy.weight.shape, lazy.bias.shape)
with torch.no_grad():
    lazy.weight.copy_(torch.linspace(-1, 1, 12).reshape(3, 4))
    lazy.bias.fill_(0.5)
loss = lazy(x).pow(2).sum()
loss.backward()
opt.step()
print(lazy.weight, lazy.bias)
try:
    model(src, tgt[:, :1])
except RuntimeError as e:
    print(e)
