# TransformerEncoder at inference with a right-padded src_key_padding_mask: torch runs the layers on a
# nested tensor and pads the output back with zeros (before the final norm); other cases keep the values
import warnings
import torch
import torch.nn as nn

warnings.simplefilter("ignore")
torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.1, batch_first=True)
norm = nn.LayerNorm(8)
with torch.no_grad():
    norm.bias.fill_(0.25)
encoder = nn.TransformerEncoder(layer, num_layers=2, norm=norm)
print(encoder.use_nested_tensor, encoder.enable_nested_tensor, encoder.mask_check, layer.activation_relu_or_gelu)
src = torch.randn(3, 5, 8)
right = torch.tensor([[False, False, False, True, True], [False] * 4 + [True], [True] * 5])
left = torch.tensor([[True, False, False, False, False], [False] * 5, [False] * 5])

encoder.eval()
with torch.no_grad():
    out = encoder(src, src_key_padding_mask=right)
print(out[0])
print(out[1, -1], out[2, 0])
with torch.inference_mode():
    print(torch.equal(encoder(src, src_key_padding_mask=right), out))
with torch.no_grad():
    print(encoder(src, src_key_padding_mask=left)[0, 0])
    print(encoder(src, mask=torch.zeros(5, 5), src_key_padding_mask=right)[0, 4])
graded = encoder(src, src_key_padding_mask=right)
print(graded[0, 4], graded.requires_grad)
for p in encoder.parameters():
    p.requires_grad_(False)
print(encoder(src, src_key_padding_mask=right)[0, 4])
encoder.train()
torch.manual_seed(1)
print(encoder(src, src_key_padding_mask=right)[0, 4])

plain = nn.TransformerEncoder(layer, num_layers=1, enable_nested_tensor=False).eval()
with torch.no_grad():
    print(plain(src, src_key_padding_mask=right)[0, 4])
    print(layer.eval()(src, src_key_padding_mask=right)[0, 4])
for config in (dict(norm_first=True), dict(batch_first=False), dict(activation=torch.tanh), dict(bias=False)):
    kwargs = dict(d_model=8, nhead=2, dim_feedforward=16, batch_first=True)
    kwargs.update(config)
    print(nn.TransformerEncoder(nn.TransformerEncoderLayer(**kwargs), 1).use_nested_tensor)
print(nn.TransformerEncoder(nn.TransformerEncoderLayer(9, 3, 16, batch_first=True), 1).use_nested_tensor)
