import torch
import torch.distributions as D
from torch.distributions import Normal, Bernoulli, Categorical, Uniform

# VAE-style Normal: log_prob, entropy, cdf and their gradients
mu = torch.tensor([0.5, -1.0], requires_grad=True)
std = torch.tensor([1.5, 0.7], requires_grad=True)
q = Normal(mu, std)
print(q, q.batch_shape, q.event_shape, q.has_rsample)
print(Normal(0.0, 1.0), q.mean, q.stddev, q.variance)
x = torch.tensor([0.1, 0.4])
lp = q.log_prob(x)
print(lp, q.entropy(), q.cdf(x))
(lp.sum() + q.entropy().sum()).backward()
print(mu.grad, std.grad)
z = q.rsample((4,))
print(z.shape, z.requires_grad, q.sample((4,)).requires_grad)

# REINFORCE with Categorical logits
logits = torch.tensor([[0.2, -1.0, 0.7], [1.0, 0.0, -0.5]], requires_grad=True)
pi = Categorical(logits=logits)
print(pi, pi.probs, pi.logits)
actions = torch.tensor([2, 0])
loss = -(pi.log_prob(actions) * torch.tensor([1.0, -0.5])).sum() - 0.01 * pi.entropy().sum()
loss.backward()
print(loss, logits.grad)
print(pi.sample((3,)).shape, pi.support)

# Bernoulli with probs and with logits
p = torch.tensor([0.3, 0.8], requires_grad=True)
b = Bernoulli(probs=p)
print(b, b.logits, b.log_prob(torch.tensor([1.0, 0.0])), b.entropy(), b.mean, b.variance)
b.log_prob(torch.tensor([1.0, 0.0])).sum().backward()
print(p.grad)
bl = Bernoulli(logits=torch.tensor(0.4))
print(bl, bl.probs, bl.log_prob(torch.tensor(1.0)))

# Uniform
lo = torch.tensor(0.0, requires_grad=True)
u = Uniform(lo, 2.0)
print(u, u.log_prob(torch.tensor(0.5)), u.entropy(), u.cdf(torch.tensor(0.5)), u.icdf(torch.tensor(0.25)), u.mean)
u.entropy().backward()
print(lo.grad)

# validation: torch's messages
for make in [lambda: Normal(0.0, -1.0), lambda: Bernoulli(probs=torch.tensor(0.5)).log_prob(torch.tensor(0.3)),
             lambda: Categorical(probs=torch.tensor([-1.0, 2.0])), lambda: Uniform(0.0, 1.0).log_prob(torch.tensor(2.0)),
             lambda: Bernoulli(), lambda: Uniform(1.0, 0.0)]:
    try:
        make()
    except ValueError as e:
        print("ValueError:", e)
print(Normal(0.0, -1.0, validate_args=False).scale)
print(D.Normal(torch.zeros(3), 1.0).expand([2, 3]))
