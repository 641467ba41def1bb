import torch
import torch.nn as nn

def fill(m):
    with torch.no_grad():
        for i, (n, p) in enumerate(m.named_parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.29 + i).reshape(p.shape) * 0.4)

layer = nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0)
enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
fill(enc)
print(enc)
print([n for n, _ in enc.named_parameters()][:6], len(list(enc.parameters())))
x = torch.cos(torch.arange(3 * 2 * 4, dtype=torch.float32) * 0.4).reshape(3, 2, 4).requires_grad_()
y = enc(x)
print(y)
y.pow(2).sum().backward()
print(x.grad[1], enc.layers[1].linear2.bias.grad)
pre = nn.TransformerEncoderLayer(4, 4, dim_feedforward=6, dropout=0.0, activation="gelu", batch_first=True, norm_first=True)
fill(pre)
pad = torch.tensor([[False, False, True], [False, False, False]])
print(pre(x.detach().transpose(0, 1), src_key_padding_mask=pad))
fill(layer)
print(layer(x.detach(), src_mask=torch.ones(3, 3, dtype=torch.bool).triu(1))[0])
