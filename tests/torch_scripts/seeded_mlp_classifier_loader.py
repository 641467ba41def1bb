import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader

torch.manual_seed(0)
n = 200
X = torch.randn(n, 2)
y = ((X[:, 0] ** 2 + X[:, 1] ** 2) > 1.0).long()
loader = DataLoader(TensorDataset(X, y), batch_size=32, shuffle=True)

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 16)
        self.fc2 = nn.Linear(16, 16)
        self.fc3 = nn.Linear(16, 2)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = self.dropout(F.relu(self.fc2(x)))
        return self.fc3(x)

model = MLP()
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for epoch in range(30):
    total = 0.0
    for xb, yb in loader:
        opt.zero_grad()
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()
        opt.step()
        total += loss.item() * xb.size(0)
    if epoch % 5 == 0:
        print(f"epoch {epoch}: loss {total / n:.4f}")
model.eval()
with torch.no_grad():
    acc = (model(X).argmax(dim=1) == y).float().mean()
print(f"accuracy: {acc:.4f}")
print(model.fc3.bias)
