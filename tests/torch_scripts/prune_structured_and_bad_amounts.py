# Structured pruning (ln and random, over rows and columns) and the errors of bad amounts, as torch prints them
import torch
import torch.nn.utils.prune as prune
torch.manual_seed(0)
m = torch.nn.Linear(6, 4)
prune.ln_structured(m, "weight", amount=0.5, n=2, dim=0)
print(m.weight_mask)
prune.random_structured(m, "weight", amount=0.25, dim=1)
print(m.weight_mask.sum())
prune.ln_structured(m, "weight", amount=0, n=1, dim=1)
print(m.weight_mask.sum())
for bad in (1.5, -1, "x"):
    try:
        prune.ln_structured(torch.nn.Linear(2, 2), "weight", amount=bad, n=2, dim=0)
    except Exception as e:
        print(type(e).__name__, e)
try:
    prune.random_structured(torch.nn.Linear(2, 2), "bias", amount=5, dim=0)
except Exception as e:
    print(type(e).__name__, e)
