import torch
from torch.distributions import (Normal, Bernoulli, Categorical, OneHotCategorical, Uniform, Exponential,
                                 Laplace, Geometric, Independent, kl_divergence)
import torch.distributions as D

a = torch.tensor([0.3, -0.4], requires_grad=True)
b = torch.tensor([0.9, 1.7], requires_grad=True)
pairs = [
    (Normal(a, b), Normal(b, 2.0)),
    (Bernoulli(logits=a), Bernoulli(probs=torch.tensor([0.2, 0.9]))),
    (Categorical(logits=a), Categorical(probs=torch.tensor([0.3, 0.7]))),
    (OneHotCategorical(logits=a), OneHotCategorical(logits=b)),
    (Uniform(a, b), Uniform(-1.0, 2.0)),
    (Exponential(b), Exponential(torch.tensor([0.5, 3.0]))),
    (Laplace(a, b), Laplace(0.0, b)),
    (Geometric(logits=a), Geometric(probs=torch.tensor([0.3, 0.6]))),
    (Independent(Normal(a, b), 1), Independent(Normal(0.0, b), 1)),
]
for p, q in pairs:
    kl = kl_divergence(p, q)
    ga, gb = torch.autograd.grad(kl.sum(), (a, b), allow_unused=True)
    print(type(p).__name__, kl, ga, gb)
print(D.kl.kl_divergence(Uniform(0.0, 1.0), Uniform(0.5, 2.0)))
for p, q in [(Normal(a, b), Laplace(b, 1.5)), (Laplace(a, b), Normal(b, 1.5)), (Exponential(b), Normal(a, 1.5)),
             (Uniform(a, b), Normal(a, 1.5)), (Uniform(a, b), Exponential(b)), (Normal(a, b), Uniform(0.0, 1.0))]:
    kl = kl_divergence(p, q)
    print(type(p).__name__, type(q).__name__, kl, torch.autograd.grad(kl.sum(), (a, b), allow_unused=True))
try:
    kl_divergence(Exponential(1.0), Laplace(0.0, 1.0))
except NotImplementedError as e:
    print("NotImplementedError:", e)

# the other distributions' log_prob, entropy, cdf, moments
r = torch.tensor([0.5, 2.0], requires_grad=True)
e = Exponential(r)
print(e, e.log_prob(torch.tensor([0.3, 1.2])), e.entropy(), e.cdf(torch.tensor([0.3, 1.2])), e.mean, e.variance)
l = Laplace(a, b)
print(l, l.log_prob(torch.tensor([0.1, 0.4])), l.entropy(), l.cdf(torch.tensor([0.1, 0.4])), l.icdf(torch.tensor([0.2, 0.9])), l.stddev)
g = Geometric(probs=torch.tensor([0.3, 0.8], requires_grad=True))
print(g, g.log_prob(torch.tensor([2.0, 0.0])), g.entropy(), g.mean, g.variance)
o = OneHotCategorical(probs=torch.tensor([0.2, 0.5, 0.3]))
print(o, o.log_prob(torch.tensor([0.0, 1.0, 0.0])), o.entropy(), o.mean, o.mode, o.event_shape)
ind = Independent(Normal(a, b), 1)
print(ind, ind.batch_shape, ind.event_shape, ind.log_prob(torch.tensor([0.1, 0.4])), ind.entropy())
