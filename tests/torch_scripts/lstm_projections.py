# nn.LSTM(proj_size=...): LSTM with projections (weight_hr_l*), its shapes, values and gradients.
import torch
import torch.nn as nn

torch.manual_seed(0)
lstm = nn.LSTM(4, 6, num_layers=2, proj_size=3, batch_first=True, bidirectional=True)
print(lstm)
for name, p in lstm.named_parameters():
    print(name, tuple(p.shape))
x = torch.randn(2, 5, 4)
out, (h, c) = lstm(x)
print(out.shape, h.shape, c.shape)
print(out[1, 0], h[-1], c[-1])
loss = out.pow(2).mean() + c.sum()
loss.backward()
print(lstm.weight_hr_l0.grad)
print(lstm.weight_hr_l1_reverse.grad.norm(), lstm.weight_hh_l1.grad.norm())
print(sum(p.numel() for p in lstm.parameters()))

single = nn.LSTM(3, 5, proj_size=2)
h0, c0 = torch.zeros(1, 4, 2), torch.randn(1, 4, 5)
y, (hn, cn) = single(torch.randn(6, 4, 3), (h0, c0))
print(y[-1], hn, cn.shape)
y1, (h1, c1) = single(torch.randn(6, 3))        # unbatched
print(y1.shape, h1.shape, c1.shape)

packed = nn.utils.rnn.pack_padded_sequence(torch.randn(3, 4, 3), [4, 2, 3], batch_first=True, enforce_sorted=False)
out_p, (hp, cp) = single(packed)
padded, lengths = nn.utils.rnn.pad_packed_sequence(out_p, batch_first=True)
print(padded[1], lengths, hp, cp.shape)

for bad in (dict(proj_size=5), dict(proj_size=-1)):
    try:
        nn.LSTM(3, 5, **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    single(torch.randn(6, 4, 3), (torch.zeros(1, 4, 5), c0))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.LSTM(3, 5)(torch.randn(6, 4, 3), (torch.zeros(1, 4, 5), torch.zeros(1, 2, 5)))
except RuntimeError as e:
    print("RuntimeError:", e)

class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.lstm = nn.LSTM(4, 8, proj_size=4, batch_first=True)
        self.out = nn.Linear(4, 3)
    def forward(self, tokens):
        h, _ = self.lstm(self.emb(tokens))
        return self.out(h)

model = Tagger()
tokens = torch.randint(0, 10, (4, 6))
tags = torch.randint(0, 3, (4, 6))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for epoch in range(5):
    logits = model(tokens)
    loss = nn.functional.cross_entropy(logits.reshape(-1, 3), tags.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    acc = (logits.argmax(-1) == tags).float().mean()
    print(f"epoch {epoch}: loss {loss.item():.4f} acc {acc.item():.3f}")
