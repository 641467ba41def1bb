# Recurrent layers' all_weights (per layer and direction, as a custom init reads them) and the errors
# of pooling a tensor of the wrong rank, printed as a script's except clause shows them.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
for m in [nn.LSTM(3, 5, proj_size=2, num_layers=2, bidirectional=True), nn.GRU(2, 3, bias=False), nn.RNN(2, 3)]:
    print(type(m).__name__, [[tuple(w.shape) for w in ws] for ws in m.all_weights])
    print(len(m.all_weights), m.all_weights[0][0] is m.weight_ih_l0)

lstm = nn.LSTM(4, 6, num_layers=2)
for layer in lstm.all_weights:
    w_ih, w_hh, b_ih, b_hh = layer
    nn.init.xavier_uniform_(w_ih)
    nn.init.orthogonal_(w_hh)
    nn.init.zeros_(b_ih)
    b_hh.data.fill_(0.0)
    b_hh.data[6:12] = 1.0          # forget-gate bias
out, (h, c) = lstm(torch.randn(5, 2, 4))
print(out[-1].detach().round(decimals=4))
print(lstm.bias_hh_l1)

pools = {
    "avg_pool2d": lambda x: F.avg_pool2d(x, 1),
    "max_pool2d": lambda x: F.max_pool2d(x, 1),
    "avg_pool1d": lambda x: F.avg_pool1d(x, 1),
    "max_pool1d": lambda x: F.max_pool1d(x, 1),
    "AvgPool2d": nn.AvgPool2d(2),
    "MaxPool1d": nn.MaxPool1d(2),
}
for name, pool in pools.items():
    for shape in [(4,), (2, 2), (1, 2, 2), (2, 2, 2, 2), (2, 2, 2, 2, 2), (0, 2, 2), (0, 2, 2, 2), (2, 0, 2, 2), (0, 2)]:
        try:
            print(name, shape, tuple(pool(torch.randn(*shape)).shape))
        except Exception as e:
            print(name, shape, type(e).__name__, e)
