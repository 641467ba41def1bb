import torch
from torch.distributions import Normal, Gamma, TransformedDistribution, Categorical
from torch.distributions.transforms import ExpTransform
import torch.nn as nn
print(Normal, type(Normal(0., 1.)), Gamma, TransformedDistribution, ExpTransform, type(ExpTransform()))
print(nn.Linear, type(torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)))
print(type(torch.tensor(1.0)), torch.Tensor, torch.nn.Parameter, torch.Size, type(torch.float32))
print(Categorical(logits=torch.zeros(2)).__class__.__name__)
