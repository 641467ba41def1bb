# Seeded samples of torch.distributions print torch's numbers: Exponential draws with exponential_,
# Laplace and Geometric with uniform_ (one fused rounding), and the stream stays in step afterwards.
import torch
from torch import distributions as D

torch.manual_seed(0)
dists = [D.Normal(0.0, 1.0), D.Bernoulli(0.3), D.Uniform(-1.0, 2.0), D.Categorical(torch.tensor([0.1, 0.2, 0.7])),
         D.Exponential(1.5), D.Exponential(torch.tensor([0.5, 4.0])), D.Laplace(0.0, 2.0), D.Geometric(0.3),
         D.OneHotCategorical(torch.tensor([0.3, 0.7])), D.MultivariateNormal(torch.zeros(2), torch.eye(2)),
         D.Independent(D.Normal(torch.zeros(3), 1.0), 1)]
for d in dists:
    s = d.sample((4,))
    print(type(d).__name__, s.tolist())
    print(d.log_prob(s).sum().item())

rate = torch.tensor([2.0, 0.5], dtype=torch.float64, requires_grad=True)
e = D.Exponential(rate).rsample((3,))
e.sum().backward()
print(e, rate.grad)
loc = torch.tensor(1.0, requires_grad=True)
lap = D.Laplace(loc, torch.tensor(0.5)).rsample((20,))
print(lap[:5], lap.mean().item())
print(D.Geometric(torch.tensor([0.1, 0.9])).sample((3,)))
print(torch.rand(3))
