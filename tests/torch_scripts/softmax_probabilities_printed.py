"""Class probabilities as classification scripts print them: softmax over the classes, their sums
(torch's are rarely exactly 1: 1.0000 where a correctly rounded exp gives 1.), the confidence and
its gradient; attention weights over a longer last dim; log_softmax and a cross_entropy at full
precision."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_printoptions(precision=6)
model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 4))
x = torch.randn(6, 5)
logits = model(x)
probs = F.softmax(logits, dim=1)
print(probs)
print(probs.sum(dim=1))
conf, pred = probs.max(dim=1)
print(conf, pred)
conf.sum().backward()
print(model[2].bias.grad)
torch.set_printoptions(profile="default")
print(torch.softmax(torch.randn(3, 10) * 3, dim=-1).sum(-1))
q, k = torch.randn(2, 20, 8), torch.randn(2, 20, 8)
w = torch.softmax(q @ k.transpose(1, 2) / 8 ** 0.5, dim=-1)
print(w[0, :3, :6], w.sum(-1)[0, :5])
print(torch.softmax(torch.tensor([[1.0, 2.0, 3.0], [1.0, float("-inf"), 0.0]]), dim=-1))
scores = torch.randn(8, 5) * 2
p = scores.softmax(dim=-1)
print(p.sum(dim=-1).tolist())
print(p[0].tolist())
logp = F.log_softmax(scores, dim=1)
print(logp[:2].tolist())
targets = torch.tensor([0, 1, 2, 3, 4, 0, 1, 2])
scores.requires_grad_(True)
loss = F.cross_entropy(scores, targets)
loss.backward()
print(f"{loss.item():.10f}", scores.grad[0].tolist())
