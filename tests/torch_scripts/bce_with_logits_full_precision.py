# BCEWithLogitsLoss printed to full precision: its log-sigmoid rounds exp and log1p as torch's kernel
import torch
import torch.nn as nn

torch.manual_seed(0)
logits = torch.randn(100, 1) * 2
targets = (torch.randn(100, 1) > 0).float()

for pos_weight in (None, torch.tensor([2.0])):
    loss_fn = nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    print(loss_fn(logits, targets).item())
    per_item = nn.BCEWithLogitsLoss(pos_weight=pos_weight, reduction="none")(logits, targets)
    print(per_item[:12].squeeze(1).tolist())
    print(nn.BCEWithLogitsLoss(pos_weight=pos_weight, reduction="sum")(logits, targets).item())

weights = torch.rand(100, 1)
soft = torch.rand(100, 1)
print(nn.functional.binary_cross_entropy_with_logits(logits, soft, weight=weights).item())

torch.manual_seed(1)
X = torch.randn(64, 3)
y = (X[:, :1] - X[:, 1:2] > 0).float()
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
crit = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([1.5]))
for epoch in range(6):
    opt.zero_grad()
    loss = crit(model(X), y)
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: {loss.item():.7f}")
print(model.weight.tolist(), model.bias.tolist())
