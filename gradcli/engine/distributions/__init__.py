"""``torch.distributions``: probability distributions with ``sample``/``rsample``, differentiable
``log_prob``/``entropy``/``cdf`` and ``kl_divergence``, composed of engine ops with torch's formulas.

    d = Normal(mu, sigma); z = d.rsample()      # reparameterized: z carries gradient to mu and sigma
    loss = -Categorical(logits=scores).log_prob(action) * reward
"""
from . import constraints, kl
from .continuous import Exponential, Laplace, Normal, Uniform
from .discrete import Bernoulli, Categorical, Geometric, OneHotCategorical
from .distribution import Distribution
from .independent import Independent
from .kl import kl_divergence, register_kl
from .multivariate_normal import MultivariateNormal

__all__ = [
    "Bernoulli", "Categorical", "Distribution", "Exponential", "Geometric", "Independent", "Laplace", "MultivariateNormal", "Normal",
    "OneHotCategorical", "Uniform", "constraints", "kl", "kl_divergence", "register_kl",
]
