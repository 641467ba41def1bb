import torch
import torch.nn as nn
import torch.nn.functional as F

X = torch.tensor([[0.1, 0.2], [0.4, -0.3], [-0.5, 0.9], [1.0, 1.0], [-1.0, 0.3], [0.7, -0.8]])
y = torch.tensor([0, 1, 2, 1, 0, 2])

class Classifier(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super(Classifier, self).__init__()
        self.net = nn.Sequential(
            nn.Linear(n_in, n_hidden),
            nn.ReLU(),
            nn.Dropout(p=0.0),
            nn.Linear(n_hidden, n_out),
        )

    def forward(self, x):
        return self.net(x)

model = Classifier(2, 8, 3)
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * (i + 1)).reshape(p.shape) * 0.5)

criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9, weight_decay=1e-4)
for epoch in range(20):
    model.train()
    optimizer.zero_grad()
    logits = model(X)
    loss = criterion(logits, y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    optimizer.step()
    if epoch % 5 == 4:
        model.eval()
        with torch.no_grad():
            pred = model(X).argmax(dim=1)
            acc = (pred == y).float().mean().item()
        print(f"epoch {epoch+1:3d} loss {loss.item():.4f} acc {acc:.2f}")
print(F.softmax(model(X), dim=-1).detach())
print(model.net[0].weight.grad.norm())
total = sum(p.numel() for p in model.parameters() if p.requires_grad)
print("params:", total)
print(model.state_dict().keys())
print(torch.topk(model(X), k=2, dim=1))
logp = F.log_softmax(model(X), dim=1)
print(F.nll_loss(logp, y, reduction='none'))
print(logp.gather(1, y.unsqueeze(1)).squeeze())
print(torch.einsum('ij,kj->ik', X, X).diagonal())
mask = X[:, 0] > 0
print(X[mask], X[mask].shape, mask.sum())
print(X.permute(1, 0).flatten(), X.T @ X)
print(torch.cdist(X[:2], X[2:4]))
