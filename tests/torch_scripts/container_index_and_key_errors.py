# Containers given an index or key of the wrong kind fail as torch's do; a ParameterDict reads its
# entries by key and a missing key is torch's AttributeError.
import torch
import torch.nn as nn

for container in (nn.Sequential(nn.Linear(2, 2)), nn.ModuleList([nn.Linear(1, 1)]),
                  nn.ParameterList([nn.Parameter(torch.ones(1))])):
    for index in ("0", 1.0):
        try:
            container[index]
        except TypeError as e:
            print(type(container).__name__, repr(index), "TypeError:", e)
plist = nn.ParameterList([nn.Parameter(torch.ones(1))])
try:
    plist["0"] = nn.Parameter(torch.zeros(1))
except TypeError as e:
    print("ParameterList set: TypeError:", e)
print(nn.Sequential(nn.Linear(2, 2), nn.ReLU())[-1], nn.ModuleList([nn.Tanh()])[0])

pd = nn.ParameterDict({"b": nn.Parameter(torch.ones(2)), "a": nn.Parameter(torch.zeros(1))})
pd["_hidden"] = nn.Parameter(torch.full((1,), 3.0))
print(list(pd.keys()), pd["a"], pd["_hidden"])
print([name for name, _ in pd.named_parameters()])
for key in ("missing", "_missing"):
    try:
        pd[key]
    except AttributeError as e:
        print("AttributeError:", e)
del pd["a"]
pd["a"] = torch.ones(1)
print(list(pd.keys()), type(pd["a"]).__name__)
