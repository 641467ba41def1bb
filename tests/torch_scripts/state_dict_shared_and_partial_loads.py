# state_dict of a model that reuses a layer lists it under every path (torch walks the tree,
# parameters() dedupes); load_state_dict copies what matches before it reports missing,
# unexpected and mis-sized keys together, strict or not.
import torch
import torch.nn as nn

torch.manual_seed(0)
shared = nn.Linear(2, 2)
model = nn.Sequential(shared, nn.ReLU(), shared)
print(len(list(model.parameters())), list(model.state_dict().keys()))
print(list(model.state_dict(prefix="net.").keys()))
print(model.load_state_dict({"0.weight": torch.eye(2)}, strict=False))
print(shared.weight)

net = nn.Sequential(nn.Linear(2, 3), nn.Linear(3, 1))
checkpoint = {"0.weight": torch.zeros(4, 2), "1.weight": torch.ones(1, 3), "head.bias": torch.ones(1)}
try:
    net.load_state_dict(checkpoint)
except RuntimeError as e:
    print(e)
print(net[1].weight)        # copied before the error
try:
    net.load_state_dict(checkpoint, strict=False)
except RuntimeError as e:
    print(e)
result = net.load_state_dict({"1.bias": torch.full((1,), 2.0)}, strict=False)
print(result.missing_keys, result.unexpected_keys, net[1].bias)
