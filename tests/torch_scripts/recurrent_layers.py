import torch
import torch.nn as nn

def fill(m, scale):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=p.dtype) * 0.37 + i).reshape(p.shape) * scale)

x = torch.sin(torch.arange(2 * 5 * 3, dtype=torch.float32) * 0.3).reshape(5, 2, 3).requires_grad_()
for m in [nn.RNN(3, 4), nn.RNN(3, 4, nonlinearity="relu", num_layers=2), nn.GRU(3, 4, bidirectional=True),
          nn.LSTM(3, 4, num_layers=2, bidirectional=True), nn.LSTM(3, 4, bias=False)]:
    fill(m, 0.4)
    out, h = m(x)
    loss = out.pow(2).sum() + (h[0].sum() * 2 + h[1].sum() if isinstance(h, tuple) else h.sum() * 3)
    x.grad = None
    loss.backward()
    print(m, out.shape, [t.shape for t in (h if isinstance(h, tuple) else (h,))])
    print(out[-1], x.grad[0])
    print([(n, round(p.grad.norm().item(), 3)) for n, p in m.named_parameters()][:4])
bf = nn.GRU(3, 4, batch_first=True)
fill(bf, 0.3)
xb = x.detach().transpose(0, 1)
h0 = torch.ones(1, 2, 4) * 0.5
out, hn = bf(xb, h0)
print(out.shape, hn)
u, hu = nn.RNN(3, 2)(x.detach()[:, 0]) if False else (0, 0)
single = nn.LSTM(3, 4)
fill(single, 0.2)
o, (hh, cc) = single(x.detach()[:, 0])
print(o.shape, hh, cc.shape)
for cell in [nn.RNNCell(3, 4), nn.RNNCell(3, 4, nonlinearity="relu"), nn.GRUCell(3, 4), nn.LSTMCell(3, 4, bias=False)]:
    fill(cell, 0.5)
    xs = x.detach()[0].requires_grad_()
    res = cell(xs)
    res = res[0] + res[1] if isinstance(res, tuple) else res
    res.sum().backward()
    print(cell, res, xs.grad)
    one = cell(x.detach()[0, 0])
    print((one[0] if isinstance(one, tuple) else one).shape)
print(nn.LSTM(3, 4, num_layers=2, dropout=0.25, batch_first=True), nn.RNN(3, 4).state_dict().keys())
