# torch.func.functional_call: strict key checks and repeated keys across dicts, in torch's words.
import torch
from torch.func import functional_call
torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))
x = torch.ones(1, 2)
p = {k: torch.zeros_like(v) for k, v in m.named_parameters()}
print(functional_call(m, p, (x,)))
print(functional_call(m, p, x))
try:
    functional_call(m, {"nonexistent": torch.ones(1)}, (x,), strict=True)
except Exception as e:
    print(type(e).__name__, e)
try:
    functional_call(m, {"0.weight": torch.ones(2, 2)}, (x,), strict=True)
except Exception as e:
    print(type(e).__name__, e)
print(functional_call(m, {"0.weight": torch.ones(2, 2)}, (x,)).shape)
print(functional_call(m, ({"0.weight": torch.ones(2, 2)}, {"2.bias": torch.ones(1)}), (x,)).shape)
try:
    functional_call(m, ({"0.weight": torch.ones(2, 2)}, {"0.weight": torch.ones(2, 2)}), (x,))
except Exception as e:
    print(type(e).__name__, e)
print(functional_call(m, p, args=(), kwargs={"input": x}))
