# torch's Adagrad fills its state when it is built (step 0 and the sums at initial_accumulator_value),
# so a state_dict printed before training, or for a parameter that never gets a gradient, shows it.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
unused = nn.Parameter(torch.ones(3))
opt = torch.optim.Adagrad([{"params": model.parameters()},
                           {"params": [unused], "initial_accumulator_value": 0.5}], lr=0.1)
print(opt.state_dict())
print(len(opt.state), opt.state[unused])

x, y = torch.randn(8, 2), torch.randn(8, 1)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.6f}")
state = opt.state_dict()["state"]
print({i: float(s["step"]) for i, s in state.items()})
print(state[2])

fresh = torch.optim.Adagrad([{"params": model.parameters()}, {"params": [unused]}], lr=0.1)
fresh.load_state_dict(opt.state_dict())
print(fresh.state_dict()["state"][0]["step"], fresh.param_groups[1]["initial_accumulator_value"])

# a group added later starts its sums at the constructor's value too (torch reads its defaults)
a, b = nn.Parameter(torch.ones(2)), nn.Parameter(torch.ones(2))
opt = torch.optim.Adagrad([a], lr=0.1, initial_accumulator_value=0.2)
opt.add_param_group({"params": [b], "initial_accumulator_value": 0.7})
print(opt.state_dict()["state"])
(a.sum() + b.sum()).backward()
opt.step()
print(a, b)
print(opt.state_dict()["state"])
