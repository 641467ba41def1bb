import torch
import torch.nn as nn
from collections import OrderedDict, defaultdict, Counter
print(nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 2)]))
print(nn.ModuleList(), nn.ModuleList([nn.Tanh()]))
print(nn.Sequential(nn.ReLU(), nn.ReLU()))
seq = nn.Sequential(OrderedDict([("fc1", nn.Linear(3, 2)), ("act", nn.ReLU())]))
print(seq, seq.fc1)
d = defaultdict(list)
for k, v in [("a", 1), ("b", 2), ("a", 3)]:
    d[k].append(v)
print(dict(d), Counter("abracadabra").most_common(2))
od = OrderedDict()
od["z"] = 1
od["y"] = 2
od.move_to_end("z")
print(od, list(od.keys()))
sd = nn.Linear(1, 1).state_dict()
print(type(sd).__name__, list(sd))
