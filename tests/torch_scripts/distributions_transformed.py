import torch
from torch.distributions import Normal, LogNormal, TransformedDistribution, Cauchy, Gumbel, HalfNormal, HalfCauchy, Weibull, Pareto
from torch.distributions.transforms import TanhTransform, AffineTransform, ExpTransform, SigmoidTransform, ComposeTransform
import torch.distributions as D
torch.manual_seed(0)
mu = torch.tensor([0.5, -1.0], requires_grad=True)
sd = torch.tensor([1.0, 2.0], requires_grad=True)
d = LogNormal(mu, sd)
x = d.rsample()
print(x, d.mean, d.variance, d.entropy())
lp = d.log_prob(x).sum()
lp.backward()
print(mu.grad, sd.grad)
# SAC squashed gaussian
base = Normal(mu, sd)
td = TransformedDistribution(base, [TanhTransform(cache_size=1), AffineTransform(0.0, 2.0)])
a = td.rsample()
logp = td.log_prob(a)
print(a, logp, td.batch_shape, td.event_shape, td.has_rsample)
print(td.support, TanhTransform().inv, TanhTransform().sign)
t = ComposeTransform([ExpTransform(), AffineTransform(1.0, 3.0)])
y = t(torch.tensor([0.0, 1.0]))
print(y, torch.allclose(t.inv(y), torch.tensor([0.0, 1.0])), t.log_abs_det_jacobian(torch.tensor([0.0, 1.0]), y))
print(t)
print(Cauchy(0., 1.).log_prob(torch.tensor(2.)), Cauchy(torch.tensor([0.0, 1.0]), 2.0).sample((2,)))
print(Gumbel(0., 1.).sample((3,)), Gumbel(torch.tensor([1.0]), torch.tensor([2.0])).log_prob(torch.tensor([0.3])))
print(HalfNormal(1.).log_prob(torch.tensor(0.5)), HalfNormal(torch.tensor([2.0])).rsample((2,)))
print(HalfCauchy(1., validate_args=False).log_prob(torch.tensor([0.5, -1.0])), HalfCauchy(1.).cdf(torch.tensor(0.5)))
w = Weibull(torch.tensor([1.5]), torch.tensor([2.0]))
print(w.sample((3,)), w.mean, w.variance, w.entropy(), w.log_prob(torch.tensor([1.0])))
p = Pareto(torch.tensor(1.0), torch.tensor(3.0))
print(p.sample((2,)), p.mean, p.log_prob(torch.tensor(2.0)), p.entropy(), p.support)
sig = TransformedDistribution(D.Uniform(0., 1.), [SigmoidTransform().inv, AffineTransform(0.5, 2.0)])
v = sig.sample((3,))
print(v, sig.log_prob(v), sig.cdf(v), sig.icdf(torch.tensor(0.25)))
print(d.expand((3, 2)).batch_shape, LogNormal(0., 1.).cdf(torch.tensor(1.5)), d)
try:
    HalfCauchy(1.).log_prob(torch.tensor([-1.0]))
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])
# a squashed Gaussian policy's loss, differentiated twice through the tanh's log |det J|
obs_mu = torch.tensor([0.3], requires_grad=True)
pi = TransformedDistribution(Normal(obs_mu, torch.tensor([0.7])), [TanhTransform(cache_size=1)])
act = pi.rsample((4,))
loss = (pi.log_prob(act) - act).mean()
g, = torch.autograd.grad(loss, obs_mu, create_graph=True)
print(loss, g)
print(torch.autograd.grad(g.sum(), obs_mu))
import torch
from torch.distributions import Normal, LogNormal
n = Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
print(n.icdf(torch.tensor([0.025, 0.9])), LogNormal(0.0, 1.0).icdf(torch.tensor(0.5)))
