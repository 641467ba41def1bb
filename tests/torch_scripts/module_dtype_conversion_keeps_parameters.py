# model.double() / .float() / .to(dtype) after the optimizer is made: torch swaps each
# parameter's data in place, so the optimizer still updates the model, tied weights stay tied,
# gradients follow, and integer buffers (num_batches_tracked) keep their dtype.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3), nn.Linear(3, 1))
weight = model[0].weight
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model.double()
print(model[0].weight is weight, weight.dtype, model[1].num_batches_tracked.dtype)
x = torch.randn(4, 2, dtype=torch.float64)
for step in range(2):
    opt.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    opt.step()
    print(step, loss)
print(model[2].weight)

emb = nn.Embedding(3, 2)
head = nn.Linear(2, 3, bias=False)
head.weight = emb.weight
tied = nn.ModuleList([emb, head]).to(torch.float64)
print(tied[0].weight is tied[1].weight, tied[1].weight.dtype, len(list(tied.parameters())))
lin = nn.Linear(1, 1)
lin(torch.ones(1, 1)).sum().backward()
lin.double()
print(lin.weight.grad.dtype, lin.weight.grad, lin.float().weight.dtype)
