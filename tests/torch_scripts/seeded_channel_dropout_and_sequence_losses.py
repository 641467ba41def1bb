# A seeded CNN with Dropout2d trains to torch's numbers only if channel dropout draws torch's
# bernoulli stream (one draw per example and channel); per-token losses of a sequence model
# ((N, C, T) logits, reduction='none') print torch's ViewBackward0.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(21)
model = nn.Sequential(
    nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.Dropout2d(0.25),
    nn.MaxPool2d(2), nn.Flatten(), nn.Dropout(0.2), nn.Linear(4 * 3 * 3, 3),
)
x = torch.randn(8, 1, 6, 6)
y = torch.randint(0, 3, (8,))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for epoch in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")

torch.manual_seed(0)
ones = torch.ones(2, 3, 2, 2)
print(nn.Dropout2d(0.5)(ones)[:, :, 0, 0])
print(F.dropout1d(torch.ones(3, 4), 0.5)[:, 0], nn.Dropout1d(0.5)(torch.ones(2, 3, 4))[:, :, 0])
print(nn.Dropout3d(0.5)(torch.ones(2, 3, 1, 1, 2))[..., 0, 0, 0])
out = nn.Dropout2d(0.3)(torch.randn(2, 2, 1, 2, requires_grad=True))
print(out, torch.rand(2))
print(F.dropout2d(ones, 1.0).sum(), F.dropout2d(ones, 0.5, training=False) is ones)

logits = torch.randn(2, 5, 4, requires_grad=True)         # (batch, vocab, time)
tokens = torch.tensor([[1, 4, 0, -100], [2, 2, -100, -100]])
per_token = F.cross_entropy(logits, tokens, reduction="none")
print(per_token)
print(F.cross_entropy(logits, tokens), F.nll_loss(F.log_softmax(logits, 1), tokens, reduction="sum"))
per_token.sum().backward()
print(logits.grad[1])
volume = torch.randn(1, 3, 2, 2, 2, requires_grad=True)
print(F.cross_entropy(volume, torch.zeros(1, 2, 2, 2, dtype=torch.long), reduction="none").grad_fn)
