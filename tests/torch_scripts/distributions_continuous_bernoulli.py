import torch
from torch.distributions import ContinuousBernoulli, kl_divergence
torch.manual_seed(0)
logits = torch.tensor([-2.0, 0.001, 1.5], requires_grad=True)
cb = ContinuousBernoulli(logits=logits)
x = cb.rsample((2,))
print(x, cb.log_prob(x), cb.mean, cb.variance, cb.entropy(), cb.cdf(torch.tensor([0.3, 0.5, 0.9])))
cb.log_prob(torch.tensor([0.2, 0.5, 0.8])).sum().backward()
print(logits.grad)
cb2 = ContinuousBernoulli(probs=torch.tensor([0.5, 0.2]))
print(cb2.sample((3,)), cb2.stddev, cb2.icdf(torch.tensor([0.25, 0.75])))
