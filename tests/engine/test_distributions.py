"""torch.distributions: shapes, differentiable log_prob/entropy/kl, reparameterized sampling,
argument validation with torch's messages, and torch's values and gradients (parity group)."""

import math

import numpy as np
import pytest

import gradcli.engine as torch
from gradcli.engine import distributions as D
from gradcli.engine.distributions import (
    Bernoulli, Categorical, Exponential, Geometric, Independent, Laplace, Normal, OneHotCategorical, Uniform,
    kl_divergence,
)


def test_vae_reparameterization_carries_gradient_to_mu_and_std():
    torch.manual_seed(0)
    mu = torch.zeros(3, requires_grad=True)
    log_std = torch.zeros(3, requires_grad=True)
    q = Normal(mu, log_std.exp())
    z = q.rsample((1000,))
    assert tuple(z.shape) == (1000, 3) and q.has_rsample
    loss = (z ** 2).mean() + kl_divergence(q, Normal(0.0, 1.0)).sum()
    loss.backward()
    assert mu.grad is not None and log_std.grad.abs().sum().item() > 0
    assert abs(z.mean().item()) < 0.1 and abs(z.std().item() - 1) < 0.1
    assert q.sample().grad_fn is None


def test_reinforce_with_categorical_logits():
    logits = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    policy = Categorical(logits=logits)
    loss = -policy.log_prob(torch.tensor(2)) * 0.5
    loss.backward()
    expected = -(np.eye(3)[2] - np.exp([1, 2, 3]) / np.exp([1, 2, 3]).sum()) * 0.5
    assert np.allclose(logits.grad.numpy(), expected)
    assert not policy.has_rsample
    assert tuple(Categorical(logits=torch.zeros(4, 3)).sample((5,)).shape) == (5, 4)


def test_shapes_and_repr():
    d = Normal(torch.zeros(2, 3), 1.0)
    assert d.batch_shape == torch.Size([2, 3]) and d.event_shape == torch.Size([])
    assert repr(Normal(0.0, 1.0)) == "Normal(loc: 0.0, scale: 1.0)"
    assert repr(d) == "Normal(loc: torch.Size([2, 3]), scale: torch.Size([2, 3]))"
    assert repr(d.expand([4, 2, 3])) == "Normal(loc: torch.Size([4, 2, 3]), scale: torch.Size([4, 2, 3]))"
    one_hot = OneHotCategorical(probs=torch.tensor([0.2, 0.8]))
    assert one_hot.event_shape == torch.Size([2]) and tuple(one_hot.sample((3,)).shape) == (3, 2)
    diag = Independent(Normal(torch.zeros(3), torch.ones(3)), 1)
    assert diag.batch_shape == torch.Size([]) and diag.event_shape == torch.Size([3])
    assert repr(diag) == "Independent(Normal(loc: torch.Size([3]), scale: torch.Size([3])), 1)"
    assert diag.log_prob(torch.zeros(3)).item() == pytest.approx(-3 * 0.5 * math.log(2 * math.pi), rel=1e-6)


def test_validation_raises_torchs_value_errors():
    with pytest.raises(ValueError, match=r"Expected parameter scale \(Tensor of shape \(\)\) of distribution "
                                         r"Normal\(loc: 0.0, scale: -1.0\) to satisfy the constraint "
                                         r"GreaterThan\(lower_bound=0.0\)"):
        Normal(0.0, -1.0)
    with pytest.raises(ValueError, match=r"to be within the support \(Boolean\(\)\)"):
        Bernoulli(probs=torch.tensor(0.5)).log_prob(torch.tensor(0.3))
    with pytest.raises(ValueError, match="Either `probs` or `logits` must be specified"):
        Bernoulli()
    with pytest.raises(ValueError, match=r"parameter low .* constraint LessThan\(upper_bound=0.0\)"):
        Uniform(1.0, 0.0)
    assert Normal(0.0, -1.0, validate_args=False).scale.item() == -1.0


def test_sample_statistics():
    torch.manual_seed(1)
    assert Bernoulli(probs=0.3).sample((4000,)).mean().item() == pytest.approx(0.3, abs=0.03)
    assert Exponential(2.0).sample((4000,)).mean().item() == pytest.approx(0.5, abs=0.05)
    u = Uniform(-1.0, 3.0).sample((4000,))
    assert u.min().item() >= -1 and u.max().item() < 3
    assert Laplace(1.0, 0.5).sample((4000,)).mean().item() == pytest.approx(1.0, abs=0.05)
    assert Geometric(probs=0.5).sample((4000,)).mean().item() == pytest.approx(1.0, abs=0.1)
    counts = np.bincount(Categorical(probs=torch.tensor([0.1, 0.6, 0.3])).sample((4000,)).numpy(), minlength=3)
    assert np.allclose(counts / 4000, [0.1, 0.6, 0.3], atol=0.03)


def test_kl_divergence_between_unregistered_types_is_not_implemented():
    with pytest.raises(NotImplementedError, match="No KL"):
        kl_divergence(Exponential(1.0), Laplace(0.0, 1.0))
    assert D.kl.kl_divergence is kl_divergence


def _cases(lib):
    """The same distributions built with either library: (name, distribution, value, leaf parameters)."""
    t = lib.tensor
    loc, scale = t([0.5, -1.0], requires_grad=True), t([1.5, 0.7], requires_grad=True)
    logits, probs = t([[0.2, -1.0, 0.7], [1.0, 0.0, -0.5]], requires_grad=True), t([0.3, 0.8], requires_grad=True)
    low, high, rate = t([0.0, -2.0], requires_grad=True), t([1.0, 3.0], requires_grad=True), t([0.5, 2.0],
                                                                                                   requires_grad=True)
    d = lib.distributions
    return [
        ("normal", d.Normal(loc, scale), t([0.1, 0.4]), (loc, scale)),
        ("uniform", d.Uniform(low, high), t([0.5, 1.0]), (low, high)),
        ("exponential", d.Exponential(rate), t([0.3, 1.2]), (rate,)),
        ("laplace", d.Laplace(loc, scale), t([0.1, 0.4]), (loc, scale)),
        ("bernoulli-probs", d.Bernoulli(probs=probs), t([1.0, 0.0]), (probs,)),
        ("bernoulli-logits", d.Bernoulli(logits=loc), t([1.0, 0.0]), (loc,)),
        ("categorical-logits", d.Categorical(logits=logits), t([2, 0]), (logits,)),
        ("categorical-probs", d.Categorical(probs=scale), t(1), (scale,)),
        ("onehot", d.OneHotCategorical(logits=logits), t([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]), (logits,)),
        ("geometric", d.Geometric(probs=probs), t([2.0, 0.0]), (probs,)),
        ("independent", d.Independent(d.Normal(loc, scale), 1), t([0.1, 0.4]), (loc, scale)),
    ]


def _evaluate(lib, index):
    name, dist, value, leaves = _cases(lib)[index]
    out = {"log_prob": dist.log_prob(value)}
    for method in ("entropy", "cdf"):
        try:
            out[method] = dist.cdf(value) if method == "cdf" else dist.entropy()
        except NotImplementedError:
            pass
    for attribute in ("mean", "variance", "stddev"):
        out[attribute] = getattr(dist, attribute)
    total = sum(v.sum() for v in out.values() if v.requires_grad and not v.isnan().any())
    grads = lib.autograd.grad(total, leaves, allow_unused=True)
    values = {k: v.detach().numpy() for k, v in out.items()}
    names = {k: (v.grad_fn.name() if v.grad_fn is not None else None) for k, v in out.items()}
    return values, names, [None if g is None else g.numpy() for g in grads]


@pytest.mark.parity
@pytest.mark.parametrize("index", range(11), ids=[c[0] for c in _cases(torch)])
def test_values_gradients_and_node_names_match_torch(index):
    real = pytest.importorskip("torch")
    theirs, ours = _evaluate(real, index), _evaluate(torch, index)
    assert theirs[0].keys() == ours[0].keys()
    for key in theirs[0]:
        assert np.allclose(theirs[0][key], ours[0][key], equal_nan=True, atol=1e-6), key
    assert theirs[1] == ours[1]
    for g_theirs, g_ours in zip(theirs[2], ours[2]):
        assert (g_theirs is None) == (g_ours is None)
        if g_theirs is not None:
            assert np.allclose(g_theirs, g_ours, atol=1e-6)


def _kl_pairs(lib):
    t, d = lib.tensor, lib.distributions
    a, b = t([0.3, -0.4], requires_grad=True), t([0.9, 1.7], requires_grad=True)
    return [
        (d.Normal(a, b), d.Normal(b, 2.0), (a, b)),
        (d.Bernoulli(logits=a), d.Bernoulli(probs=t([0.2, 0.9])), (a,)),
        (d.Categorical(logits=t([[1.0, 2.0], [0.0, -1.0]]) * a), d.Categorical(probs=t([0.3, 0.7])), (a,)),
        (d.OneHotCategorical(logits=a), d.OneHotCategorical(logits=b), (a, b)),
        (d.Uniform(a, b), d.Uniform(-1.0, 2.0), (a, b)),
        (d.Exponential(b), d.Exponential(t([0.5, 3.0])), (b,)),
        (d.Laplace(a, b), d.Laplace(0.0, b), (a, b)),
        (d.Geometric(logits=a), d.Geometric(probs=t([0.3, 0.6])), (a,)),
        (d.Independent(d.Normal(a, b), 1), d.Independent(d.Normal(0.0, b), 1), (a, b)),
    ]


@pytest.mark.parity
@pytest.mark.parametrize("index", range(9))
def test_kl_divergence_matches_torch(index):
    real = pytest.importorskip("torch")
    results = []
    for lib in (real, torch):
        p, q, leaves = _kl_pairs(lib)[index]
        kl = lib.distributions.kl_divergence(p, q)
        grads = lib.autograd.grad(kl.sum(), leaves)
        results.append((kl.detach().numpy(), kl.grad_fn.name(), [g.numpy() for g in grads]))
    (kl_t, name_t, grads_t), (kl_o, name_o, grads_o) = results
    assert np.allclose(kl_t, kl_o, atol=1e-6) and name_t == name_o
    for g_t, g_o in zip(grads_t, grads_o):
        assert np.allclose(g_t, g_o, atol=1e-6)


def test_multivariate_normal_from_a_covariance_matrix():
    cov = torch.tensor([[2.0, 0.6], [0.6, 1.0]])
    d = D.MultivariateNormal(torch.zeros(2), covariance_matrix=cov)
    assert d.event_shape == torch.Size([2]) and d.batch_shape == torch.Size([])
    assert np.allclose((d.scale_tril @ d.scale_tril.mT).numpy(), cov.numpy(), atol=1e-6)
    torch.manual_seed(0)
    samples = d.sample((4000,))
    assert np.allclose(np.cov(samples.numpy().T), cov.numpy(), atol=0.15)
    with pytest.raises(ValueError, match="Exactly one of covariance_matrix or precision_matrix or scale_tril"):
        D.MultivariateNormal(torch.zeros(2))
    with pytest.raises(ValueError, match="PositiveDefinite"):
        D.MultivariateNormal(torch.zeros(2), covariance_matrix=-cov)


@pytest.mark.parity
@pytest.mark.parametrize("kind", ["covariance_matrix", "precision_matrix", "scale_tril"])
def test_multivariate_normal_matches_torch(kind):
    real = pytest.importorskip("torch")
    results = []
    for lib in (real, torch):
        loc = lib.tensor([0.5, -1.0, 0.2], dtype=lib.float64, requires_grad=True)
        a = lib.tensor([[1.0, 0.3, 0.1], [0.2, 0.9, -0.4], [0.0, 0.5, 1.2]], dtype=lib.float64, requires_grad=True)
        eye = lib.eye(3, dtype=lib.float64)
        matrix = a.tril() + eye if kind == "scale_tril" else a @ a.T + eye * 0.5
        d = lib.distributions.MultivariateNormal(loc, **{kind: matrix})
        q = lib.distributions.MultivariateNormal(lib.zeros(2, 3, dtype=lib.float64), scale_tril=eye * 2)
        value = lib.tensor([[0.1, 0.2, 0.3], [1.0, -1.0, 0.5]], dtype=lib.float64)
        outs = [d.log_prob(value), d.entropy(), d.variance, d.covariance_matrix, d.precision_matrix,
                lib.distributions.kl_divergence(d, q), lib.distributions.kl_divergence(q, d)]
        grads = lib.autograd.grad(sum(o.sum() for o in outs), (loc, a))
        results.append(([o.detach().numpy() for o in outs] + [g.numpy() for g in grads],
                        [o.grad_fn.name() for o in outs], repr(d)))
    (values_t, names_t, repr_t), (values_o, names_o, repr_o) = results
    assert names_t == names_o and repr_t == repr_o
    for theirs, ours in zip(values_t, values_o):
        assert np.allclose(theirs, ours)
