import torch
import torch.nn as nn

def fill(m):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.31 + i).reshape(p.shape) * 0.5)

mha = nn.MultiheadAttention(4, 2)
fill(mha)
print(mha, [(n, tuple(p.shape)) for n, p in mha.named_parameters()])
x = torch.cos(torch.arange(3 * 2 * 4, dtype=torch.float32) * 0.4).reshape(3, 2, 4).requires_grad_()
out, w = mha(x, x, x)
print(out, w)
(out.sum() + w.pow(2).sum()).backward()
print(x.grad[0], mha.in_proj_weight.grad[0].round(decimals=3), mha.out_proj.bias.grad)
kv = torch.sin(torch.arange(5 * 2 * 4, dtype=torch.float32)).reshape(5, 2, 4)
pad = torch.tensor([[False, False, True, False, True], [False, False, False, False, False]])
causal = torch.ones(3, 5, dtype=torch.bool).triu(1)
o2, w2 = mha(x, kv, kv, key_padding_mask=pad, attn_mask=causal, average_attn_weights=False)
print(o2[2], w2.shape, w2[0, 1])
o3, w3 = mha(x, kv, kv, key_padding_mask=pad, need_weights=False)
print(o3[1], w3)
bf = nn.MultiheadAttention(4, 4, batch_first=True, bias=False)
fill(bf)
o4, w4 = bf(x.detach().transpose(0, 1), kv.transpose(0, 1), kv.transpose(0, 1), attn_mask=torch.linspace(-1, 1, 15).reshape(3, 5))
print(o4.shape, o4[1, 0], w4[0])
o5, w5 = mha(x.detach()[:, 0], x.detach()[:, 0], x.detach()[:, 0])
print(o5.shape, w5.shape)
