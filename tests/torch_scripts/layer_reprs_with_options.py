# print(model) for the less common layers' options: each layer's extra_repr in torch's order (a transposed conv's
# dilation before its output_padding), pools, padding layers, recurrent and attention layers, losses.
import torch
import torch.nn as nn
torch.manual_seed(0)
mods = [nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True), nn.Upsample(size=(4, 4)), nn.MaxPool2d(3, 2, 1, ceil_mode=True), nn.MaxPool1d(2, return_indices=True),
        nn.AdaptiveAvgPool2d((None, 3)), nn.AdaptiveMaxPool2d(2), nn.Embedding(10, 3, padding_idx=0, max_norm=1.0), nn.EmbeddingBag(5, 2, mode="sum"),
        nn.LSTM(3, 4, num_layers=2, batch_first=True, dropout=0.1, bidirectional=True), nn.GRU(3, 4, bias=False), nn.RNN(2, 3, nonlinearity="relu"),
        nn.Dropout(0.3, inplace=True), nn.LeakyReLU(0.2, inplace=True), nn.Softmax(), nn.Softmax(dim=-1), nn.Unflatten(1, (2, 3)), nn.ConvTranspose2d(3, 2, 3, stride=2, output_padding=1, dilation=2),
        nn.PixelShuffle(2), nn.ZeroPad2d((1, 2, 0, 1)), nn.ReflectionPad1d(2), nn.Fold((4, 4), 2), nn.Unfold(2, stride=2), nn.CosineSimilarity(dim=0), nn.PairwiseDistance(p=1),
        nn.MultiheadAttention(8, 2), nn.TransformerEncoderLayer(8, 2, 16), nn.Hardtanh(-2, 2), nn.ELU(alpha=0.5, inplace=True), nn.Threshold(0.1, 20), nn.GELU(approximate="tanh"),
        nn.Softplus(beta=2), nn.CELU(), nn.RReLU(), nn.PReLU(3), nn.GLU(), nn.LogSoftmax(dim=1), nn.Conv1d(2, 4, 3, padding="same", padding_mode="circular", bias=False),
        nn.Conv3d(1, 2, (1, 2, 3)), nn.AvgPool2d(2, ceil_mode=True, count_include_pad=False, divisor_override=3), nn.LPPool2d(2, 3), nn.InstanceNorm2d(3), nn.LayerNorm((3, 4), eps=1e-6),
        nn.Flatten(0, -1), nn.Identity(3, k=4), nn.ChannelShuffle(2), nn.Bilinear(2, 3, 4), nn.LazyLinear(3)]
for m in mods:
    print(m)
print(nn.TransformerDecoderLayer(8, 2, 16, batch_first=True))
print(nn.Transformer(8, 2, 1, 1, 16, batch_first=True))
