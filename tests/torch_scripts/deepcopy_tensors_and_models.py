import torch, copy
import torch.nn as nn
torch.manual_seed(0)
m = nn.Linear(2, 2)
m(torch.ones(1, 2)).sum().backward()
m2 = copy.deepcopy(m)
print(type(m2.weight).__name__, m2.weight, m2.weight.grad, m2.weight is m.weight)
print(list(m2.parameters())[0].requires_grad, len(list(m2.parameters())))
x = torch.ones(2, requires_grad=True)
try:
    copy.deepcopy(x * 2)
except RuntimeError as e:
    print("RuntimeError", str(e)[:60])
y = copy.deepcopy(x)
print(y, y.is_leaf, y.requires_grad)
l = [x, x]
l2 = copy.deepcopy(l)
print(l2[0] is l2[1])
