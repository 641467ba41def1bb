# Cross-attention between sequences of other widths (kdim/vdim), learned extra key/value rows
# (add_bias_kv) and a zero key (add_zero_attn): parameters, initialisation under a seed,
# masks padded over the added keys, and gradients.
import torch
import torch.nn as nn

torch.manual_seed(0)
text = torch.randn(2, 3, 8)         # (batch, tokens, 8)
image = torch.randn(2, 5, 6)        # (batch, patches, 6)
cross = nn.MultiheadAttention(8, 2, kdim=6, vdim=6, batch_first=True)
print([(n, tuple(p.shape)) for n, p in cross.named_parameters()])
print(cross.in_proj_weight, cross.k_proj_weight.sum())
padding = torch.tensor([[False, False, False, True, True], [False] * 5])
out, weights = cross(text, image, image, key_padding_mask=padding)
print(out[0], weights[0])
out.pow(2).mean().backward()
print(cross.v_proj_weight.grad.norm(), cross.q_proj_weight.grad.norm())

torch.manual_seed(1)
extra = nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True)
print([n for n, _ in extra.named_parameters()], extra.bias_k)
seq = torch.randn(3, 2, 4)
causal = torch.triu(torch.ones(3, 3, dtype=torch.bool), 1)
out, weights = extra(seq, seq, seq, attn_mask=causal, average_attn_weights=False)
print(weights.shape, weights[1, 0])
fast, none = extra(seq, seq, seq, attn_mask=causal, need_weights=False)
print(torch.allclose(out, fast, atol=1e-6), none)
out.sum().backward()
print(extra.bias_k.grad, extra.bias_v.grad)
