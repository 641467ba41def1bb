import torch
import warnings
torch.manual_seed(0)
warnings.simplefilter("ignore")
l = torch.nn.Linear(0, 3)
print(l.weight.shape, l.bias)
m = torch.nn.Linear(3, 0)
print(m.weight.shape, m(torch.ones(2, 3)).shape)
print(torch.rand(1))
