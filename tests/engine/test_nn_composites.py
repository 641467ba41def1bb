"""Attention, group norm and adaptive average pooling are composed of engine ops: their first and
second derivatives are the ops' own, checked here in float64 (torch's values are in
tests/torch_scripts/attention_group_norm_adaptive_pool)."""

import pytest

import gradcli.engine as torch
from gradcli.engine.autograd import gradcheck, gradgradcheck
from gradcli.engine.nn import functional as F


def _inputs(*shapes):
    torch.manual_seed(0)
    return tuple(torch.randn(*s, dtype=torch.float64, requires_grad=True) for s in shapes)


CASES = {
    "attention": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v), ((2, 3, 4), (2, 5, 4), (2, 5, 3))),
    "causal attention": (lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.5),
                         ((1, 4, 2), (1, 4, 2), (1, 4, 3))),
    "group norm": (lambda x, w, b: F.group_norm(x, 2, w, b), ((2, 4, 3), (4,), (4,))),
    "adaptive avg pool 2d, uneven bins": (lambda x: F.adaptive_avg_pool2d(x, (2, 3)), ((1, 2, 5, 7),)),
    "adaptive avg pool 1d": (lambda x: F.adaptive_avg_pool1d(x, 4), ((2, 3, 8),)),
}


@pytest.mark.parametrize("name", CASES)
def test_gradcheck_and_gradgradcheck(name):
    fn, shapes = CASES[name]
    args = _inputs(*shapes)
    assert gradcheck(fn, args)
    assert gradgradcheck(fn, args)


def test_a_bool_mask_hides_keys_and_an_explicit_mask_with_is_causal_is_refused():
    q, k, v = _inputs((1, 2, 3), (1, 3, 3), (1, 3, 2))
    only_first = torch.tensor([[True, False, False]]).expand(2, 3)
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=only_first)
    assert torch.allclose(out, v[:, :1].expand(1, 2, 2))
    with pytest.raises(RuntimeError, match="Explicit attn_mask should not be set when is_causal=True"):
        F.scaled_dot_product_attention(q, k, v, attn_mask=only_first, is_causal=True)


def test_group_norm_needs_channels_divisible_by_groups():
    with pytest.raises(RuntimeError, match="divisible by num_groups"):
        F.group_norm(torch.ones(2, 6, 3), 4)


def test_multihead_attention_passes_gradcheck_through_masks_and_heads():
    torch.manual_seed(0)
    mha = torch.nn.MultiheadAttention(4, 2).double()
    names = [n for n, _ in mha.named_parameters()]
    padding = torch.tensor([[False, True, False], [False, False, False]])

    def f(x, kv, *weights):
        out, w = torch.func.functional_call(mha, dict(zip(names, weights)), (x, kv, kv),
                                            {"key_padding_mask": padding})
        return out.tanh().sum() + w.pow(2).sum()

    args = _inputs((2, 2, 4), (3, 2, 4)) + tuple(p.detach().requires_grad_() for p in mha.parameters())
    assert gradcheck(f, args)
    assert gradgradcheck(f, args)


LOSSES = {
    "margin ranking": lambda a, b: F.margin_ranking_loss(a[:, 0], b[:, 0], torch.tensor([1., -1., 1.], dtype=a.dtype)),
    "cosine embedding": lambda a, b: F.cosine_embedding_loss(a, b, torch.tensor([1., -1., 1.], dtype=a.dtype), 0.1),
    "triplet margin": lambda a, b: F.triplet_margin_loss(a, b, a.flip(0), margin=2.0, swap=True),
    "poisson nll": lambda a, b: F.poisson_nll_loss(a, b.abs()),
    "gaussian nll": lambda a, b: F.gaussian_nll_loss(a, b, a.abs() + 0.5, full=True),
    "multilabel soft margin": lambda a, b: F.multilabel_soft_margin_loss(a, (b > 0).to(a.dtype)),
    "glu and pairwise distance": lambda a, b: F.glu(a).sum() + F.pairwise_distance(a, b).sum(),
}


@pytest.mark.parametrize("name", LOSSES)
def test_composed_losses_pass_gradcheck_and_gradgradcheck(name):
    args = _inputs((3, 4), (3, 4))
    assert gradcheck(LOSSES[name], args)
    assert gradgradcheck(LOSSES[name], args)


@pytest.mark.parametrize("options", [dict(), dict(stride=2, padding=1, output_padding=1, groups=2),
                                     dict(stride=(2, 1), dilation=2)], ids=["plain", "strided-groups", "dilated"])
def test_conv_transpose2d_passes_gradcheck_and_gradgradcheck(options):
    x, w, b = _inputs((1, 4, 3, 3), (4, 2, 2, 3), (2 * options.get("groups", 1),))
    assert gradcheck(lambda *a: F.conv_transpose2d(*a, **options), (x, w, b))
    assert gradgradcheck(lambda *a: F.conv_transpose2d(*a, **options), (x, w, b))


@pytest.mark.parametrize("options", [dict(size=(5, 7)), dict(scale_factor=1.5, mode="bilinear"),
                                     dict(size=(4, 6), mode="bilinear", align_corners=True)],
                         ids=["nearest", "bilinear", "bilinear-align-corners"])
def test_interpolate_passes_gradcheck_and_gradgradcheck(options):
    (x,) = _inputs((1, 2, 3, 4))
    assert gradcheck(lambda t: F.interpolate(t, **options), (x,))
    assert gradgradcheck(lambda t: F.interpolate(t, **options), (x,))
