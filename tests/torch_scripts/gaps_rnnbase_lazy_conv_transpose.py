import torch
import torch.nn as nn

# nn.RNNBase: the base class of RNN, LSTM and GRU, which users subclass and test with isinstance
torch.manual_seed(0)
torch.set_printoptions(precision=5)
print(isinstance(nn.LSTM(2, 3), nn.RNNBase), isinstance(nn.GRU(2, 3), nn.RNNBase), isinstance(nn.RNN(2, 3), nn.RNNBase),
      isinstance(nn.LSTMCell(2, 3), nn.RNNBase), issubclass(nn.LSTM, nn.RNNBase), nn.RNNBase.__name__)


class MyLSTM(nn.RNNBase):
    def __init__(self, input_size, hidden_size):
        super().__init__("LSTM", input_size, hidden_size, batch_first=True)


m = MyLSTM(2, 3)
print(m, m.mode, [n for n, _ in m.named_parameters()])
b = nn.RNNBase("GRU", 2, 3, num_layers=2)
print(b, b.mode, b.weight_ih_l1.shape)
for mode in ("RNN_TANH", "RNN_RELU", "LSTM", "GRU"):
    torch.manual_seed(1)
    r = nn.RNNBase(mode, 2, 3)
    print(mode, r.weight_hh_l0.shape, r.bias_ih_l0[:3])
for bad in [lambda: nn.RNNBase("FOO", 2, 3), lambda: nn.RNNBase("LSTM", 2, 3)(torch.randn(4, 1, 2)),
            lambda: nn.RNNBase("GRU", 2, 3, proj_size=1)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)

# lazy transposed convolutions, and ConvTranspose's output_size
for cls, shape in [(nn.LazyConvTranspose1d, (2, 3, 5)), (nn.LazyConvTranspose2d, (2, 3, 4, 4)), (nn.LazyConvTranspose3d, (1, 2, 3, 3, 3))]:
    m = cls(4, 2, stride=2, output_padding=1)
    print(m)
    x = torch.randn(*shape)
    y = m(x)
    print(type(m).__name__, m, m.weight.shape, m.bias.shape, y.shape, y.grad_fn.name(), y.flatten()[:6])
    print(m.in_channels, m.weight.flatten()[:4], m.bias)
m = nn.LazyConvTranspose2d(4, 3, groups=2, bias=False)
print(m)
for bad in [lambda: m(torch.randn(2, 3, 4, 4)), lambda: nn.LazyConvTranspose2d(4, 3)(torch.randn(3, 4)),
            lambda: nn.LazyConv2d(4, 3)(torch.randn(3, 4)), lambda: nn.LazyConv2d(4, 3, groups=2)(torch.randn(1, 3, 4, 4))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
m = nn.LazyConvTranspose2d(2, 3)
x = torch.randn(1, 2, 3, 3)
print(m(x, output_size=[5, 5]).shape)
m2 = nn.ConvTranspose2d(2, 2, 3, stride=2)
print(m2(x, output_size=[8, 8]).shape, m2(x, output_size=(1, 2, 7, 7)).shape)
for bad in [lambda: m2(x, output_size=[10, 10]), lambda: m2(x, output_size=[8]),]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
