import torch
import torch.nn as nn
from torch import optim
from torch.utils.data import TensorDataset, DataLoader

model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]))
    model[0].bias.fill_(0.1)
    model[2].weight.copy_(torch.tensor([[0.7, -0.8, 0.9]]))
    model[2].bias.zero_()
print(model)
print([name for name, p in model.named_parameters()])
x = torch.tensor([[1., 2.], [3., 4.], [5., 6.], [7., 8.]])
y = torch.tensor([[1.], [0.], [1.], [0.]])
loader = DataLoader(TensorDataset(x, y), batch_size=2)
opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loss_fn = nn.MSELoss()
for epoch in range(3):
    for xb, yb in loader:
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()
    print(epoch, f"{loss.item():.4f}")
print(model[2].weight)
print(model[0].weight.grad)
