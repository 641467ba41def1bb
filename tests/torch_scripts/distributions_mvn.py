import torch
from torch.distributions import MultivariateNormal, kl_divergence

loc = torch.tensor([0.5, -1.0], requires_grad=True)
a = torch.tensor([[1.0, 0.3], [0.2, 0.9]], requires_grad=True)
cov = a @ a.T + 0.5 * torch.eye(2)
d = MultivariateNormal(loc, covariance_matrix=cov)
print(d, d.batch_shape, d.event_shape, d.has_rsample)
value = torch.tensor([[0.1, 0.2], [1.0, -1.0]])
lp = d.log_prob(value)
print(lp, d.entropy(), d.variance, d.scale_tril)
q = MultivariateNormal(torch.zeros(2), scale_tril=torch.tensor([[2.0, 0.0], [0.5, 1.0]]))
kl = kl_divergence(d, q)
print(kl, q.covariance_matrix, q.precision_matrix)
(lp.sum() + kl).backward()
print(loc.grad, a.grad)
print(d.rsample((5,)).shape)
try:
    MultivariateNormal(torch.zeros(2), covariance_matrix=-torch.eye(2))
except ValueError as e:
    print("ValueError:", e)
try:
    MultivariateNormal(torch.zeros(2))
except ValueError as e:
    print("ValueError:", e)
