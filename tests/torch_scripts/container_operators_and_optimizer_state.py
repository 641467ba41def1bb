# Building models with container arithmetic (Sequential + Sequential, * n, ModuleList +=) and
# printing an optimizer's state, which torch keeps as a defaultdict(dict).
import torch
import torch.nn as nn

torch.manual_seed(0)
stem = nn.Sequential(nn.Linear(2, 4), nn.ReLU())
block = nn.Sequential(nn.Linear(4, 4), nn.Tanh())
model = stem + block * 2
print(model)
print(model[2] is model[4], len(list(model.parameters())))
model += nn.Sequential(nn.Linear(4, 1))
print(len(model), model(torch.ones(1, 2)))
twice = nn.Sequential(nn.ReLU())
twice *= 3
print(twice, 2 * nn.Sequential(nn.GELU()))
heads = nn.ModuleList([nn.Linear(4, 1)]) + nn.ModuleList([nn.Linear(4, 2)])
heads += [nn.Identity()]
print(heads)
for bad in (lambda: stem + heads, lambda: stem * 0, lambda: stem * 1.5):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(opt.state)
model(torch.ones(3, 2)).sum().backward()
opt.step()
print(type(opt.state).__name__, len(opt.state), opt.state[model[-1].bias])
