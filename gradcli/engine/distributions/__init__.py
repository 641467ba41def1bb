"""``torch.distributions``: probability distributions with ``sample``/``rsample``, differentiable
``log_prob``/``entropy``/``cdf`` and ``kl_divergence``, composed of engine ops with torch's formulas.

    d = Normal(mu, sigma); z = d.rsample()      # reparameterized: z carries gradient to mu and sigma
    loss = -Categorical(logits=scores).log_prob(action) * reward
"""
from . import constraints, kl, transforms
from .constraint_registry import biject_to, transform_to
from .continuous import Cauchy, Exponential, Laplace, Normal, Uniform
from .discrete import Bernoulli, Categorical, Geometric, OneHotCategorical, OneHotCategoricalStraightThrough
from .lowrank_multivariate_normal import LowRankMultivariateNormal
from .continuous_bernoulli import ContinuousBernoulli
from .counts import Binomial, Multinomial, NegativeBinomial, Poisson
from .distribution import Distribution
from .gamma_family import Beta, Chi2, Dirichlet, FisherSnedecor, Gamma, StudentT
from .independent import Independent
from .kl import kl_divergence, register_kl
from .mixture import MixtureSameFamily
from .multivariate_normal import MultivariateNormal
from .relaxed import ExpRelaxedCategorical, LogitRelaxedBernoulli, RelaxedBernoulli, RelaxedOneHotCategorical
from .von_mises import VonMises
from .transformed import (Gumbel, HalfCauchy, HalfNormal, InverseGamma, Kumaraswamy, LogisticNormal, LogNormal, Pareto,
                          TransformedDistribution, Weibull)
from .transforms import (AbsTransform, AffineTransform, ComposeTransform, ExpTransform, IndependentTransform, PowerTransform,
                         ReshapeTransform, SigmoidTransform, SoftmaxTransform, SoftplusTransform, StickBreakingTransform,
                         TanhTransform, Transform, identity_transform, LowerCholeskyTransform, PositiveDefiniteTransform)

__all__ = [
    "AbsTransform", "AffineTransform", "VonMises", "LowerCholeskyTransform", "PositiveDefiniteTransform", "LowRankMultivariateNormal", "OneHotCategoricalStraightThrough", "ExpRelaxedCategorical", "LogitRelaxedBernoulli", "RelaxedBernoulli",
    "RelaxedOneHotCategorical", "ContinuousBernoulli", "FisherSnedecor", "InverseGamma", "Kumaraswamy", "LogisticNormal", "Bernoulli", "Binomial", "MixtureSameFamily", "Multinomial", "NegativeBinomial", "Poisson", "Beta", "Categorical", "Chi2", "Dirichlet", "Gamma", "StudentT", "Cauchy", "ComposeTransform", "Distribution", "ExpTransform",
    "Exponential", "Geometric", "Gumbel", "HalfCauchy", "HalfNormal", "Independent", "IndependentTransform", "Laplace",
    "LogNormal", "MultivariateNormal", "Normal", "OneHotCategorical", "Pareto", "PowerTransform", "ReshapeTransform",
    "SigmoidTransform", "SoftmaxTransform", "SoftplusTransform", "StickBreakingTransform", "TanhTransform", "Transform",
    "TransformedDistribution", "Uniform", "Weibull", "constraints", "identity_transform", "kl", "kl_divergence",
    "register_kl", "transforms", "biject_to", "transform_to",
]
