# torch.optim.Adafactor fitting a small layer (factored row/column state for the weight, a full one for
# the bias), its repr and state; SparseAdam's error for the dense gradients an nn.Linear gets.
import torch
import torch.nn as nn

layer = nn.Linear(3, 2)
with torch.no_grad():
    layer.weight.copy_(torch.tensor([[0.5, -0.2, 0.1], [0.3, 0.8, -0.6]]))
    layer.bias.copy_(torch.tensor([0.1, -0.1]))
x = torch.linspace(-1, 1, 12).reshape(4, 3)
y = torch.stack([x.sum(1), x[:, 0] - x[:, 2]], 1)
opt = torch.optim.Adafactor(layer.parameters(), lr=0.05, weight_decay=0.01)
print(opt)
for step in range(30):
    opt.zero_grad()
    loss = nn.functional.mse_loss(layer(x), y)
    loss.backward()
    opt.step()
    if step % 10 == 9:
        print(step + 1, f"{loss.item():.5f}")
print(layer.weight.detach().round(decimals=4), layer.bias.detach().round(decimals=4))
for name, p in layer.named_parameters():
    state = opt.state[p]
    print(name, list(state), state["step"], [tuple(v.shape) for k, v in state.items() if k != "step"])

sparse = torch.optim.SparseAdam(layer.parameters(), lr=0.01)
print(sparse)
try:
    sparse.step()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.optim.Adafactor(layer.parameters(), d=0.5)
except ValueError as e:
    print("ValueError:", e)
