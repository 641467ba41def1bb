import torch
from torch.distributions import Gamma, Beta, Dirichlet, Exponential, Normal, LogNormal, HalfNormal, Gumbel, Cauchy, Pareto, kl_divergence
a = torch.tensor([2.0, 0.5], requires_grad=True)
p, q = Gamma(a, torch.tensor([1.0, 3.0])), Gamma(torch.tensor([1.5, 1.0]), torch.tensor([2.0, 2.0]))
k = kl_divergence(p, q)
print(k)
k.sum().backward()
print(a.grad)
print(kl_divergence(Beta(torch.tensor([2.0]), torch.tensor([3.0])), Beta(torch.tensor([1.0]), torch.tensor([1.5]))))
print(kl_divergence(Dirichlet(torch.tensor([1.0, 2.0, 3.0])), Dirichlet(torch.tensor([2.0, 2.0, 2.0]))))
print(kl_divergence(Exponential(torch.tensor([2.0])), Gamma(torch.tensor([2.0]), torch.tensor([1.0]))))
print(kl_divergence(Gamma(torch.tensor([2.0]), torch.tensor([1.0])), Exponential(torch.tensor([2.0]))))
print(kl_divergence(LogNormal(torch.tensor([0.0]), torch.tensor([1.0])), LogNormal(torch.tensor([1.0]), torch.tensor([2.0]))))
print(kl_divergence(HalfNormal(torch.tensor([1.0])), HalfNormal(torch.tensor([2.0]))))
print(kl_divergence(Gumbel(torch.tensor([0.0]), torch.tensor([1.0])), Gumbel(torch.tensor([1.0]), torch.tensor([2.0]))))
print(kl_divergence(Cauchy(torch.tensor([0.0]), torch.tensor([1.0])), Cauchy(torch.tensor([1.0]), torch.tensor([2.0]))))
print(kl_divergence(Pareto(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 3.0])), Pareto(torch.tensor([1.5, 1.0]), torch.tensor([1.0, 1.0]))))
print(kl_divergence(Gamma(torch.tensor([2.0]), torch.tensor([1.0])), Normal(torch.tensor([1.0]), torch.tensor([2.0]))))
print(kl_divergence(Beta(torch.tensor([2.0]), torch.tensor([3.0])), Normal(torch.tensor([0.5]), torch.tensor([0.2]))))
print(kl_divergence(Normal(torch.tensor([0.0]), torch.tensor([1.0])), Gumbel(torch.tensor([1.0]), torch.tensor([2.0]))))
print(kl_divergence(Gumbel(torch.tensor([0.0]), torch.tensor([1.0])), Normal(torch.tensor([1.0]), torch.tensor([2.0]))))
print(kl_divergence(Beta(torch.tensor([2.0]), torch.tensor([3.0])), Exponential(torch.tensor([2.0]))))
print(kl_divergence(Beta(torch.tensor([2.0]), torch.tensor([3.0])), Gamma(torch.tensor([2.0]), torch.tensor([1.0]))))
try:
    kl_divergence(Gamma(1.0, 1.0), Beta(1.0, 1.0))
except NotImplementedError as e:
    print("NotImplementedError", e)
for P in (Exponential(torch.tensor([1.0])), Gamma(torch.tensor([1.0]), torch.tensor([1.0])), Normal(torch.tensor([0.0]), 1.0), Gumbel(torch.tensor([0.0]), 1.0), Pareto(torch.tensor([1.0]), 2.0)):
    for Q in (Beta(torch.tensor([1.0]), 2.0), Pareto(torch.tensor([1.0]), 2.0), Gamma(torch.tensor([2.0]), 1.0)):
        try:
            print(type(P).__name__, type(Q).__name__, kl_divergence(P, Q))
        except NotImplementedError as e:
            print(type(P).__name__, type(Q).__name__, "NotImplementedError")
U = lambda a, b: torch.distributions.Uniform(torch.tensor([a]), torch.tensor([b]))
print(kl_divergence(Beta(torch.tensor([2.0]), 3.0), U(0.0, 1.0)), kl_divergence(Beta(torch.tensor([2.0]), 3.0), U(0.2, 1.0)))
print(kl_divergence(Exponential(torch.tensor([2.0])), Gumbel(torch.tensor([0.5]), 1.5)))
print(kl_divergence(Gamma(torch.tensor([2.0]), 3.0), Gumbel(torch.tensor([0.5]), 1.5)))
print(kl_divergence(Pareto(torch.tensor([1.0, 1.0, 1.0]), torch.tensor([0.5, 1.5, 3.0])), Exponential(torch.tensor([2.0]))))
print(kl_divergence(Pareto(torch.tensor([1.0, 1.0, 1.0]), torch.tensor([0.5, 1.5, 3.0])), Normal(torch.tensor([2.0]), 1.0)))
print(kl_divergence(U(0.2, 0.7), Beta(torch.tensor([2.0]), 3.0)), kl_divergence(U(0.2, 0.7), Gamma(torch.tensor([2.0]), 3.0)))
print(kl_divergence(U(0.2, 0.7), Gumbel(torch.tensor([2.0]), 3.0)), kl_divergence(U(1.2, 1.7), Pareto(torch.tensor([1.0]), 3.0)))
