# A seeded batch_first Transformer trained with dropout on: MultiheadAttention's output is a
# transposed view, and torch draws the dropout mask that follows in its memory order, so the
# losses match torch's only if gradcli does too.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(13)


class TinyLM(nn.Module):
    def __init__(self, vocab=10, d=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        layer = nn.TransformerEncoderLayer(d, 2, 16, dropout=0.1, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.head = nn.Linear(d, vocab)

    def forward(self, x):
        mask = nn.Transformer.generate_square_subsequent_mask(x.size(1))
        return self.head(self.enc(self.emb(x), mask=mask, is_causal=True))


model = TinyLM()
data = torch.randint(0, 10, (4, 7))
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
for step in range(4):
    logits = model(data[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, 10), data[:, 1:].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")

attn = nn.MultiheadAttention(4, 2, dropout=0.0, batch_first=True)
out, _ = attn(torch.randn(2, 3, 4), torch.randn(2, 3, 4), torch.randn(2, 3, 4))
print(out.stride(), out.is_contiguous())
torch.manual_seed(0)
print(F.dropout(out, 0.5) == 0)
print(F.alpha_dropout(torch.ones(3, 2).t(), 0.5, training=True))
