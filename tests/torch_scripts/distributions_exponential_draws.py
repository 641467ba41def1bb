import torch
from torch.distributions import Exponential
torch.manual_seed(0)
print(Exponential(torch.tensor([1.0])).sample((3,)))
print(Exponential(torch.tensor([1.0, 2.0])).rsample((3,)))
torch.manual_seed(0)
print(torch.empty(3,1).exponential_())
print(torch.empty(5).exponential_(2.0))
