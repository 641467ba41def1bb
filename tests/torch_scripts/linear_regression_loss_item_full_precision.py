import torch
import torch.nn as nn
torch.manual_seed(42)
X = torch.randn(100, 3)
true_w = torch.tensor([[2.0], [-3.4], [1.7]])
y = X @ true_w + 4.2 + 0.01 * torch.randn(100, 1)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.03)
loss_fn = nn.MSELoss()
for epoch in range(60):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
    if epoch % 5 == 0:
        print(f"epoch {epoch}: loss {loss.item()}")
print(model.weight.data.tolist(), model.bias.item())
