import torch
import torch.distributions as D
t = lambda *v: torch.tensor(list(v))
pool = {
    "Normal": D.Normal(t(0.3), t(1.2)), "Laplace": D.Laplace(t(0.1), t(0.8)), "Gumbel": D.Gumbel(t(0.2), t(1.5)),
    "Uniform": D.Uniform(t(0.2), t(0.7)), "Exponential": D.Exponential(t(1.5)), "Gamma": D.Gamma(t(2.0), t(1.5)),
    "Beta": D.Beta(t(2.0), t(3.0)), "Pareto": D.Pareto(t(1.0), t(3.0)), "Cauchy": D.Cauchy(t(0.0), t(1.0)),
    "HalfNormal": D.HalfNormal(t(1.0)), "LogNormal": D.LogNormal(t(0.0), t(0.5)), "Poisson": D.Poisson(t(2.0)),
    "Bernoulli": D.Bernoulli(t(0.3)), "Binomial": D.Binomial(5, t(0.3)), "Geometric": D.Geometric(t(0.4)),
    "ContinuousBernoulli": D.ContinuousBernoulli(t(0.3)), "Chi2": D.Chi2(t(3.0)),
}
for pn, p in pool.items():
    row = []
    for qn, q in pool.items():
        try:
            row.append(f"{D.kl_divergence(p, q).item():.4f}")
        except NotImplementedError:
            row.append("-")
    print(pn, " ".join(row))
print(D.kl_divergence(D.Dirichlet(t(1.0, 2.0, 3.0)), D.Dirichlet(t(2.0, 2.0, 2.0))))
print(D.kl_divergence(D.Binomial(5, t(0.3)), D.Binomial(3, t(0.5))))
try:
    D.kl_divergence(D.Binomial(3, t(0.3)), D.Binomial(5, t(0.5)))
except NotImplementedError as e:
    print("NotImplementedError:", e)
