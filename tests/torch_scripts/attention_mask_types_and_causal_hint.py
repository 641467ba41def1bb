# Masks as tutorials pass them: a bool padding mask beside a float causal mask (torch warns once that the
# types differ, then uses both), int masks (refused), and is_causal=True without a mask: a hint torch refuses
# ("Need attn_mask ..."), in MultiheadAttention and the Transformer layers and stacks.
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2, batch_first=True)
x = torch.randn(2, 5, 8)
pad = torch.tensor([[False] * 5, [False] * 3 + [True] * 2])
causal = nn.Transformer.generate_square_subsequent_mask(5)
layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
dec = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, batch_first=True)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out, weights = mha(x, x, x, key_padding_mask=pad, attn_mask=causal)
    print(weights[1])
    print(enc(x, mask=causal, src_key_padding_mask=pad)[1, :2])
    print(layer(x, src_mask=causal, src_key_padding_mask=pad)[1, 0])
    print(dec(x, x, tgt_mask=causal, tgt_key_padding_mask=pad, memory_key_padding_mask=pad)[0, 4])
for w in caught:
    print(w.category.__name__, w.message)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    float_pad = torch.zeros(2, 5).masked_fill(pad, float("-inf"))
    print(torch.allclose(enc(x, mask=causal, src_key_padding_mask=float_pad), enc(x, mask=causal,
                                                                               src_key_padding_mask=pad)))
print(len(caught))


def attempt(label, run):
    try:
        out = run()
        print(label, "ran", out.shape)
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("mha is_causal alone", lambda: mha(x, x, x, is_causal=True)[0])
attempt("mha is_causal alone, no weights", lambda: mha(x, x, x, is_causal=True, need_weights=False)[0])
attempt("encoder layer is_causal alone", lambda: layer(x, is_causal=True))
attempt("encoder is_causal alone", lambda: enc(x, is_causal=True))
attempt("decoder layer tgt_is_causal alone", lambda: dec(x, x, tgt_is_causal=True))
attempt("mha with the mask and the hint", lambda: mha(x, x, x, attn_mask=causal, is_causal=True)[0])
attempt("int attn_mask", lambda: mha(x, x, x, attn_mask=torch.zeros(5, 5, dtype=torch.long))[0])
attempt("int padding mask", lambda: mha(x, x, x, key_padding_mask=torch.zeros(2, 5, dtype=torch.int32))[0])
