import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence, pack_padded_sequence, pad_packed_sequence, pack_sequence
from torch.nn.utils.rnn import unpad_sequence, unpack_sequence

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0], requires_grad=True)
print(pad_sequence([a, b]))
print(pad_sequence([a, b], batch_first=True, padding_value=-1.0, padding_side="left"))
packed = pack_sequence([b, a], enforce_sorted=False)
print(packed.data.detach(), packed.batch_sizes, packed.sorted_indices, packed.unsorted_indices)
padded, lengths = pad_packed_sequence(packed, batch_first=True)
print(padded, lengths)
(padded ** 2).sum().backward()
print(a.grad, b.grad)
print(unpack_sequence(pack_sequence([b, a], enforce_sorted=False)))
print(unpad_sequence(pad_sequence([a, b]), torch.tensor([3, 2])))

def fill(m, scale):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=p.dtype) * 0.37 + i).reshape(p.shape) * scale)

x = torch.sin(torch.arange(4 * 3 * 2, dtype=torch.float32) * 0.3).reshape(4, 3, 2).requires_grad_()
lengths = torch.tensor([2, 4, 1])
for m in [nn.RNN(2, 3), nn.GRU(2, 3, bidirectional=True), nn.LSTM(2, 3, num_layers=2)]:
    fill(m, 0.5)
    x.grad = None
    out, h = m(pack_padded_sequence(x, lengths, enforce_sorted=False))
    print(type(out).__name__, out.batch_sizes, out.data.shape)
    y, ls = pad_packed_sequence(out, total_length=5)
    hn = h[0] if isinstance(h, tuple) else h
    print(y[:, 1], ls, hn)
    (y.pow(2).sum() + hn.sum()).backward()
    print(x.grad[:, 0])
    print([(n, round(p.grad.norm().item(), 4)) for n, p in m.named_parameters()][:2])
try:
    pack_padded_sequence(x, [1, 2, 4])
except RuntimeError as e:
    print("RuntimeError:", e)
