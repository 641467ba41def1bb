"""Activations, special functions and torch.nn.functional: values, gradients, kinks, stability, errors.

Expected numbers were computed once with torch 2.13 on the same inputs and
pasted here, so these tests run without torch; the ``parity`` tests at the
end ask a live torch when one is installed. Every record's samples also go
through test_op_table.py (gradcheck, gradgradcheck, batched backward, forward
mode).
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine import autograd
from gradcli.engine.ops import special
import gradcli.engine.nn.functional as F


def t64(values, requires_grad=False):
    return torch.tensor(values, dtype=torch.float64, requires_grad=requires_grad)


def grad_of(fn, values, dtype=torch.float64):
    """(fn(x), d sum(fn(x)) / dx) as lists."""
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    y = fn(x)
    y.sum().backward()
    return y.tolist(), x.grad.tolist()


# -- the seed: a logistic regression step ---------------------------------------------------------------

def test_seed_logistic_regression_gradients_match_torch():
    x = torch.ones(5)
    y = torch.zeros(3)
    w = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [-0.7, 0.8, 0.9], [1.0, -1.1, 1.2], [0.13, 0.14, -0.15]],
                     requires_grad=True)
    b = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
    z = torch.matmul(x, w) + b
    loss = F.binary_cross_entropy_with_logits(z, y)
    assert f"{loss.grad_fn}".startswith("<BinaryCrossEntropyWithLogitsBackward0 object at 0x")
    loss.backward()
    # torch: loss 1.3606332540512085, and b.grad equals every row of w.grad (x is all ones)
    expected = [0.2456386238336563, 0.16166815161705017, 0.29181554913520813]
    assert loss.item() == pytest.approx(1.3606332540512085, rel=1e-6)
    np.testing.assert_allclose(b.grad.numpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(w.grad.numpy(), [expected] * 5, rtol=1e-6)
    assert w.grad.dtype == torch.float32


# -- activations: values and gradients against torch -----------------------------------------------------

X = [-25.0, -3.0, -1.0, -0.25, 0.0, 0.5, 3.0, 30.0]

# name -> (call, torch's values, torch's gradients of the sum), float64, inputs X
ACTIVATIONS = {
    "sigmoid": (torch.sigmoid,
        [1.3887943864771144e-11, 0.04742587317756678, 0.2689414213699951, 0.43782349911420193, 0.5,
         0.6224593312018546, 0.9525741268224334, 0.9999999999999065],
        [1.388794386457827e-11, 0.04517665973091214, 0.19661193324148185, 0.24613408273759835, 0.25,
         0.2350037122015945, 0.045176659730912, 9.348077867342945e-14]),
    "logsigmoid": (F.logsigmoid,
        [-25.000000000013888, -3.048587351573742, -1.3132616875182228, -0.8259394198788436, -0.6931471805599453,
         -0.4740769841801067, -0.04858735157374206, -9.357622968839737e-14],
        [0.9999999999861121, 0.9525741268224333, 0.7310585786300049, 0.5621765008857982, 0.5, 0.37754066879814546,
         0.04742587317756679, 9.3576229688393e-14]),
    "gelu": (F.gelu,
        [-0.0, -0.00404969409489031, -0.15865525393145702, -0.10032341857926907, 0.0, 0.34573123063700656,
         2.99595030590511, 30.0],
        [-1.9134824341048484e-135, -0.01194564720418392, -0.08331547058768635, 0.304626645116364, 0.5,
         0.8674951246561629, 1.011945647204184, 1.0]),
    "gelu_tanh": (lambda x: F.gelu(x, approximate="tanh"),
        [-0.0, -0.0036373920817729943, -0.15880800939172324, -0.100324649298315, 0.0, 0.34571400982514394,
         2.996362607918227, 30.0],
        [0.0, -0.011584166630969648, -0.08296408384578252, 0.30464590484893955, 0.5, 0.8673699035346424,
         1.0115841666309695, 1.0]),
    "silu": (F.silu,
        [-3.4719859661927863e-10, -0.14227761953270035, -0.2689414213699951, -0.10945587477855048, 0.0,
         0.3112296656009273, 2.8577223804672998, 29.999999999997197],
        [-3.3331065274968563e-10, -0.08810410601516962, 0.07232948812851325, 0.37628997842980233, 0.5,
         0.7399611873026519, 1.0881041060151693, 1.000000000002711]),
    "mish": (F.mish,
        [-3.4719859662168955e-10, -0.1456474612756246, -0.30340146137410895, -0.129926963679141, 0.0,
         0.3752452113048951, 2.9865350049679575, 30.0],
        [-3.33310652754411e-10, -0.09339311453232084, 0.059216755877395014, 0.43981560172180506, 0.6,
         0.8864243753577272, 1.0211069109294435, 1.0]),
    "softplus": (F.softplus,
        [1.3887943864867583e-11, 0.04858735157374206, 0.31326168751822286, 0.5759394198788436, 0.6931471805599453,
         0.9740769841801067, 3.048587351573742, 30.0],
        [1.3887943864771146e-11, 0.04742587317756679, 0.2689414213699951, 0.4378234991142019, 0.5,
         0.6224593312018546, 0.9525741268224333, 1.0]),
    "elu": (F.elu,
        [-0.9999999999861121, -0.950212931632136, -0.6321205588285577, -0.22119921692859512, 0.0, 0.5, 3.0, 30.0],
        [1.3887943864964021e-11, 0.049787068367863944, 0.36787944117144233, 0.7788007830714049, 1.0, 1.0, 1.0, 1.0]),
    "selu": (F.selu,
        [-1.7580993408229604, -1.6705687287671118, -1.1113307378125625, -0.388890197478119, 0.0,
         0.5253504936777402, 3.1521029620664414, 31.521029620664414],
        [2.4416384954718613e-11, 0.08753061208026487, 0.646768603034814, 1.3692091433692577, 1.7580993408473766,
         1.0507009873554805, 1.0507009873554805, 1.0507009873554805]),
    "celu_2": (lambda x: F.celu(x, alpha=2.0),
        [-1.999992546693656, -1.5537396797031404, -0.7869386805747332, -0.2350061948308092, 0.0, 0.5, 3.0, 30.0],
        [3.726653172078671e-06, 0.22313016014842982, 0.6065306597126334, 0.8824969025845955, 1.0, 1.0, 1.0, 1.0]),
    "leaky_relu": (F.leaky_relu,
        [-0.25, -0.03, -0.01, -0.0025, 0.0, 0.5, 3.0, 30.0],
        [0.01, 0.01, 0.01, 0.01, 0.01, 1.0, 1.0, 1.0]),
    "relu6": (F.relu6,
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 3.0, 6.0],
        [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0]),
    "hardtanh": (F.hardtanh,
        [-1.0, -1.0, -1.0, -0.25, 0.0, 0.5, 1.0, 1.0],
        [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0]),
    "hardsigmoid": (F.hardsigmoid,
        [0.0, 0.0, 0.3333333333333333, 0.4583333333333333, 0.5, 0.5833333333333334, 1.0, 1.0],
        [0.0, 0.0, 0.1666666716337204, 0.1666666716337204, 0.1666666716337204, 0.1666666716337204, 0.0, 0.0]),
    "hardswish": (F.hardswish,
        [-0.0, -0.0, -0.3333333333333333, -0.11458333333333333, 0.0, 0.2916666666666667, 3.0, 30.0],
        [0.0, 0.0, 0.16666666666666669, 0.4166666666666667, 0.5, 0.6666666666666666, 1.0, 1.0]),
    "softsign": (F.softsign,
        [-0.9615384615384616, -0.75, -0.5, -0.2, 0.0, 0.3333333333333333, 0.75, 0.967741935483871],
        [0.001479289940828403, 0.0625, 0.25, 0.64, 1.0, 0.4444444444444444, 0.0625, 0.00104058272632674]),
    "erf": (torch.erf,
        [-1.0, -0.9999779095030014, -0.8427007929497149, -0.27632639016823696, 0.0, 0.5204998778130465,
         0.9999779095030014, 1.0],
        [4.1534010636398965e-272, 0.00013925305194674786, 0.4151074974205947, 1.0600141293761143,
         1.1283791670955126, 0.8787825789354448, 0.00013925305194674786, 0.0]),
    "erfc": (torch.erfc,
        [2.0, 1.9999779095030015, 1.8427007929497148, 1.276326390168237, 1.0, 0.4795001221869535,
         2.209049699858544e-05, 0.0],
        [-4.1534010636398965e-272, -0.00013925305194674786, -0.4151074974205947, -1.0600141293761143,
         -1.1283791670955126, -0.8787825789354448, -0.00013925305194674786, -0.0]),
}


@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
def test_activation_values_and_gradients_match_torch(name):
    fn, values, grads = ACTIVATIONS[name]
    got_values, got_grads = grad_of(fn, X)
    np.testing.assert_allclose(got_values, values, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(got_grads, grads, rtol=1e-12, atol=1e-15)


def test_kinks_follow_torch():
    assert grad_of(F.relu, [0.0])[1] == [0.0]                              # relu'(0) = 0
    assert grad_of(F.leaky_relu, [0.0])[1] == [0.01]                       # the negative side at 0
    assert grad_of(lambda x: F.elu(x, 2.0), [0.0])[1] == [2.0]             # elu: the x <= 0 branch
    assert grad_of(F.hardtanh, [-1.0, 1.0])[1] == [0.0, 0.0]               # 0 at both bounds
    assert grad_of(F.relu6, [0.0, 6.0])[1] == [0.0, 0.0]
    assert grad_of(F.hardsigmoid, [-3.0, 3.0])[1] == [0.0, 0.0]
    assert grad_of(F.hardswish, [-3.0, 3.0])[1] == [0.0, 1.0]
    # softplus is the identity only where beta * x > threshold; at the threshold it is still smooth
    assert grad_of(lambda x: F.softplus(x, beta=2.0, threshold=4.0), [2.0, 2.5])[1] == \
        pytest.approx([0.9820137900379085, 1.0])


def test_large_inputs_stay_finite():
    assert F.softplus(t64([1000.0, -1000.0])).tolist() == [1000.0, 0.0]
    assert F.logsigmoid(t64([1000.0, -1000.0])).tolist() == [0.0, -1000.0]
    assert torch.sigmoid(t64([-1000.0, 1000.0])).tolist() == [0.0, 1.0]
    assert F.log_softmax(t64([1000.0, 0.0]), 0).tolist() == [0.0, -1000.0]
    assert F.softmax(torch.tensor([1000.0, 0.0]), 0).tolist() == [1.0, 0.0]
    z = t64([100.0, -100.0], requires_grad=True)
    loss = F.binary_cross_entropy_with_logits(z, t64([0.0, 1.0]))
    loss.backward()
    assert loss.item() == 100.0 and z.grad.tolist() == [0.5, -0.5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow warnings from discarded branches either
        x = t64([-800.0, 800.0], requires_grad=True)
        (g,) = autograd.grad(F.elu(x).sum() + F.silu(x).sum(), x, create_graph=True)
        (gg,) = autograd.grad(g.sum(), x)
    assert np.isfinite(g.detach().numpy()).all() and np.isfinite(gg.numpy()).all()
    # mish's second derivative is torch's formula, whose exp(800) overflows: NaN there, as in torch
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (g,) = autograd.grad(F.mish(x).sum(), x, create_graph=True)
        (gg,) = autograd.grad(g.sum(), x)
    assert g.tolist() == [0.0, 1.0] and gg[0].item() == 0.0 and np.isnan(gg[1].item())


def test_float32_stays_float32():
    x = torch.tensor([-1.0, 0.5], requires_grad=True)
    for fn in (torch.sigmoid, F.gelu, F.softplus, F.elu, F.mish, torch.erf, lambda v: F.softmax(v, 0)):
        y = fn(x)
        assert y.dtype == torch.float32
        assert autograd.grad(y.sum(), x)[0].dtype == torch.float32


def test_integer_inputs_like_torch():
    ints = torch.tensor([1, -2])
    assert F.relu(ints).tolist() == [1, 0] and F.relu(ints).dtype == torch.int64
    assert torch.sigmoid(ints).dtype == torch.float32
    assert torch.erf(ints).dtype == torch.float32
    with pytest.raises(NotImplementedError, match="\"GeluKernelImpl\" not implemented for 'Long'"):
        F.gelu(ints)
    with pytest.raises(NotImplementedError, match="\"softmax_lastdim_kernel_impl\" not implemented for 'Long'"):
        F.softmax(ints, 0)


def test_node_names_and_saved_values():
    x = t64([[-1.0, 2.0]], requires_grad=True)
    names = {fn.__name__: type(fn(x).grad_fn).__name__ for fn in (
        torch.sigmoid, F.logsigmoid, F.relu, F.relu6, F.leaky_relu, F.elu, F.selu, F.celu, F.gelu, F.silu, F.mish,
        F.softplus, F.softsign, F.hardtanh, F.hardsigmoid, F.hardswish, torch.erf, torch.erfc, F.tanh)}
    assert names == {
        "sigmoid": "SigmoidBackward0", "logsigmoid": "LogSigmoidBackward0", "relu": "ReluBackward0",
        "relu6": "HardtanhBackward0", "leaky_relu": "LeakyReluBackward0", "elu": "EluBackward0",
        "selu": "EluBackward0", "celu": "CeluBackward0", "gelu": "GeluBackward0", "silu": "SiluBackward0",
        "mish": "MishBackward0", "softplus": "SoftplusBackward0", "softsign": "DivBackward0",
        "hardtanh": "HardtanhBackward0", "hardsigmoid": "HardsigmoidBackward0", "hardswish": "HardswishBackward0",
        "erf": "ErfBackward0", "erfc": "ErfcBackward0", "tanh": "TanhBackward0"}
    selu = F.selu(x).grad_fn
    assert (selu._saved_alpha, selu._saved_scale, selu._saved_input_scale) == \
        (1.6732632423543772, 1.0507009873554805, 1)
    assert F.gelu(x, approximate="tanh").grad_fn._saved_approximate == "tanh"
    assert F.relu6(x).grad_fn._saved_max_val == 6
    assert F.softmax(x, 1).grad_fn._saved_result.tolist() == F.softmax(x, 1).tolist()


def test_inplace_forms_record_torchs_nodes():
    x = t64([-1.0, 0.5, 2.0], requires_grad=True)
    cases = {"relu_": lambda h: h.relu_(), "sigmoid_": lambda h: h.sigmoid_(), "erf_": lambda h: h.erf_(),
             "F.elu": lambda h: F.elu(h, inplace=True), "F.leaky_relu": lambda h: F.leaky_relu(h, inplace=True),
             "F.celu": lambda h: F.celu(h, inplace=True), "F.hardtanh": lambda h: F.hardtanh(h, inplace=True),
             "torch.selu_": torch.selu_, "F.relu": lambda h: F.relu(h, inplace=True)}
    nodes = {}
    for name, fn in cases.items():
        h = x * 1
        out = fn(h)
        assert out is h and h._version == 1
        nodes[name] = type(h.grad_fn).__name__
        (g,) = autograd.grad(h.sum(), x)
        y = x.detach().clone().requires_grad_()
        ref = {"relu_": F.relu, "sigmoid_": torch.sigmoid, "erf_": torch.erf, "F.elu": F.elu,
               "F.leaky_relu": F.leaky_relu, "F.celu": F.celu, "F.hardtanh": F.hardtanh, "torch.selu_": F.selu,
               "F.relu": F.relu}[name](y * 1)
        np.testing.assert_allclose(g.numpy(), autograd.grad(ref.sum(), y)[0].numpy(), rtol=1e-12)
    assert nodes == {"relu_": "ReluBackward0", "sigmoid_": "SigmoidBackward0", "erf_": "ErfBackward0",
                     "F.elu": "EluBackward1", "F.leaky_relu": "LeakyReluBackward1", "F.celu": "CeluBackward1",
                     "F.hardtanh": "HardtanhBackward0", "torch.selu_": "EluBackward1", "F.relu": "ReluBackward0"}
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        x.relu_()
    with pytest.raises(RuntimeError, match="In-place elu backward calculation is triggered with a negative slope"):
        F.elu(x * 1, alpha=-1.0, inplace=True).sum().backward()


# -- softmax, log_softmax, linear ------------------------------------------------------------------------

def test_softmax_and_log_softmax():
    x = t64([[1.0, 2.0, 3.0], [1.0, 1.0, -1.0]], requires_grad=True)
    p = F.softmax(x, dim=1)
    np.testing.assert_allclose(p.tolist(), [[0.09003057317038045, 0.2447284710547976, 0.6652409557748218],
                                            [0.4683105308334812, 0.4683105308334812, 0.06337893833303762]])
    (p * t64([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]])).sum().backward()
    np.testing.assert_allclose(x.grad.tolist(), [[0.08192506906499322, -0.02203304452017429,
                                                  -0.059892024544818914],
                                                 [-0.43862950657907385, 0.4979915550878885,
                                                  -0.05936204850881464]], rtol=1e-12)
    assert type(p.grad_fn).__name__ == "SoftmaxBackward0"
    logp = x.log_softmax(-1)
    assert type(logp.grad_fn).__name__ == "LogSoftmaxBackward0"
    np.testing.assert_allclose(logp.exp().sum(-1).tolist(), [1.0, 1.0])
    assert torch.softmax(x, 0).shape == (2, 3)
    assert F.softmin(x, 1).grad_fn.next_functions[0][0].name() == "NegBackward0"
    with pytest.warns(UserWarning, match="Implicit dimension choice for softmax has been deprecated"):
        assert F.softmax(x).tolist() == F.softmax(x, 1).tolist()
    with pytest.raises(IndexError, match=r"Dimension out of range \(expected to be in range of \[-2, 1\], but got 2\)"):
        F.softmax(x, 2)
    d = F.softmax(torch.tensor([1.0, 2.0]), 0, dtype=torch.float64)
    assert d.dtype == torch.float64


def test_linear_records_what_torch_records():
    w = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
    b = torch.tensor([0.5, -0.5, 1.0], requires_grad=True)
    x = torch.tensor([[1.0, -1.0], [2.0, 0.5]], requires_grad=True)
    y = F.linear(x, w, b)
    assert y.tolist() == [[-0.5, -1.5, 0.0], [3.5, 7.5, 14.0]]
    node = y.grad_fn
    assert node.name() == "AddmmBackward0"
    assert [type(fn).__name__ for fn, _ in node.next_functions] == ["AccumulateGrad", "AccumulateGrad", "TBackward0"]
    y.sum().backward()
    assert w.grad.tolist() == [[3.0, -0.5]] * 3 and b.grad.tolist() == [2.0, 2.0, 2.0]
    assert x.grad.tolist() == [[9.0, 12.0], [9.0, 12.0]]
    assert F.linear(x[0], w, b).grad_fn.name() == "ViewBackward0"
    assert F.linear(x, w).grad_fn.name() == "MmBackward0"
    assert F.linear(torch.ones(2, 2, 2), w).grad_fn.name() == "UnsafeViewBackward0"
    with pytest.raises(RuntimeError, match=r"mat1 and mat2 shapes cannot be multiplied \(2x2 and 3x3\)"):
        F.linear(x, torch.ones(3, 3), b)
    with pytest.raises(RuntimeError, match=r"The expanded size of the tensor \(3\) must match the existing size "
                                           r"\(2\) at non-singleton dimension 1.  Target sizes: \[2, 3\].  "
                                           r"Tensor sizes: \[2\]"):
        F.linear(x, w, torch.ones(2))


# -- losses --------------------------------------------------------------------------------------------------

INPUT = [[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]]
TARGET = [[1.0, 0.0, 1.0], [0.0, 0.5, 1.0]]


def loss_and_grads(fn, input=INPUT, target=TARGET, **kw):
    x = t64(input, requires_grad=True)
    t = t64(target, requires_grad=True)
    loss = fn(x, t, **kw)
    loss.sum().backward()
    return loss.tolist(), x.grad.tolist(), t.grad.tolist(), type(loss.grad_fn).__name__


def test_mse_l1_smooth_l1_huber_match_torch():
    loss, gx, gt, node = loss_and_grads(F.mse_loss)
    assert (loss, node) == (pytest.approx(1.1666666666666667), "MseLossBackward0")
    np.testing.assert_allclose(gx, [[-0.16666666666666666, -0.3333333333333333, 0.3333333333333333],
                                    [0.5, -0.16666666666666666, -0.5]])
    np.testing.assert_allclose(gt, -np.array(gx))
    loss, gx, _, node = loss_and_grads(F.l1_loss, reduction="sum")
    assert (loss, node) == (pytest.approx(6.0), "SumBackward0")
    assert gx == [[-1.0, -1.0, 1.0], [1.0, -1.0, -1.0]]
    loss, gx, _, node = loss_and_grads(F.smooth_l1_loss, reduction="none", beta=0.75)
    np.testing.assert_allclose(loss, [[0.16666666666666666, 0.625, 0.625], [1.125, 0.16666666666666666, 1.125]])
    np.testing.assert_allclose(gx, [[-0.6666666666666666, -1.0, 1.0], [1.0, -0.6666666666666666, -1.0]])
    assert node == "SmoothL1LossBackward0"
    loss, gx, _, node = loss_and_grads(F.huber_loss, delta=0.75)
    assert (loss, node) == (pytest.approx(0.4791666666666667), "HuberLossBackward0")
    np.testing.assert_allclose(gx, [[-0.08333333333333333, -0.125, 0.125], [0.125, -0.08333333333333333, -0.125]])


def test_binary_cross_entropy_matches_torch():
    probs = [[0.2, 0.7, 0.9], [0.6, 0.5, 0.1]]
    loss, gx, gt, node = loss_and_grads(F.binary_cross_entropy, probs)
    assert node == "BinaryCrossEntropyBackward0"
    assert loss == pytest.approx(1.138465706307668, rel=1e-14)
    np.testing.assert_allclose(gx, [[-0.8333333333333331, 0.5555555555555555, -0.1851851851851852],
                                    [0.4166666666666667, 0.0, -1.6666666666666663]], rtol=1e-12)
    np.testing.assert_allclose(gt, [[0.23104906018664842, -0.14121631006453392, -0.3662040962227033],
                                    [-0.06757751801802737, -0.0, 0.36620409622270317]], rtol=1e-12)
    # log is clamped at -100, the gradient's denominator at 1e-12 (torch's float constant)
    edge = F.binary_cross_entropy(t64([0.0, 1.0]), t64([1.0, 0.0]), reduction="none")
    assert edge.tolist() == [100.0, 100.0]
    weighted = F.binary_cross_entropy(t64(probs), t64(TARGET), weight=t64([1.0, 2.0, 0.5]), reduction="sum")
    assert weighted.item() == pytest.approx(7.523941418405954, rel=1e-14)


def test_binary_cross_entropy_with_logits_matches_torch():
    loss, gx, gt, node = loss_and_grads(F.binary_cross_entropy_with_logits)
    assert node == "BinaryCrossEntropyWithLogitsBackward0"
    assert loss == pytest.approx(0.7138173542440177, rel=1e-14)
    np.testing.assert_allclose(gx, [[-0.0629234447996909, 0.04482357022833252, -0.01986715367035295],
                                    [0.1362624126989406, 0.0, -0.10374322186697577]], rtol=1e-12)
    np.testing.assert_allclose(gt, [[-0.08333333333333333, 0.16666666666666666, -0.3333333333333333],
                                    [-0.25, -0.0, 0.08333333333333333]], rtol=1e-12)
    x = t64(INPUT, requires_grad=True)
    loss = F.binary_cross_entropy_with_logits(x, t64(TARGET), weight=t64([1.0, 2.0, 0.5]),
                                              pos_weight=t64([3.0, 1.0, 2.0]), reduction="sum")
    loss.backward()
    assert loss.item() == pytest.approx(6.237466961902488, rel=1e-14)
    np.testing.assert_allclose(x.grad.tolist(), [[-1.132622006394436, 0.5378828427399902, -0.11920292202211769],
                                                 [0.8175744761936437, 0.0, -0.6224593312018546]], rtol=1e-12)


def test_nll_and_cross_entropy_match_torch():
    logits = t64([[1.0, 2.0, 0.5, -1.0], [0.0, 0.3, 0.2, 0.1], [2.0, -2.0, 1.0, 0.0]], requires_grad=True)
    target = torch.tensor([1, 3, 0])
    loss = F.cross_entropy(logits, target)
    assert loss.grad_fn.name() == "NllLossBackward0"
    assert loss.grad_fn.next_functions[0][0].name() == "LogSoftmaxBackward0"
    loss.backward()
    assert loss.item() == pytest.approx(0.7858113579521194, rel=1e-14)
    np.testing.assert_allclose(logits.grad.tolist()[0], [0.07473593934940037, -0.13017998746704096,
                                                         0.045329638597835176, 0.010114409519805408], rtol=1e-12)
    weighted = F.cross_entropy(logits, torch.tensor([1, -100, 0]), weight=t64([1.0, 2.0, 3.0, 4.0]))
    assert weighted.item() == pytest.approx(0.47002681416235054, rel=1e-14)
    smoothed = F.cross_entropy(logits, target, label_smoothing=0.1, reduction="none")
    np.testing.assert_allclose(smoothed.tolist(), [0.6326818980858561, 1.4375355294551628, 0.5947166463153396],
                               rtol=1e-12)
    probs = t64([[0.1, 0.6, 0.2, 0.1], [0.25, 0.25, 0.25, 0.25], [1.0, 0.0, 0.0, 0.0]])
    assert F.cross_entropy(logits, probs).item() == pytest.approx(1.0024780246187863, rel=1e-14)
    nll = F.nll_loss(F.log_softmax(logits, 1), target, reduction="sum")
    assert nll.item() == pytest.approx(2.3574340738563584, rel=1e-14)


def test_every_target_ignored_gives_nan_loss_and_zero_gradient():
    x = t64([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    loss = F.cross_entropy(x, torch.tensor([-100, -100]))
    loss.backward()
    assert math.isnan(loss.item()) and x.grad.tolist() == [[0.0, 0.0], [0.0, 0.0]]


def test_dropout_and_normalize():
    x = torch.ones(1000, requires_grad=True)
    assert F.dropout(x, training=False) is x and F.dropout(x, p=0.0) is x
    torch.manual_seed(0)
    y = F.dropout(x, p=0.25)
    kept = y.detach().numpy() != 0
    assert set(np.unique(y.detach().numpy())) == {0.0, np.float32(1 / 0.75)}
    assert 0.7 < kept.mean() < 0.8
    assert y.grad_fn.name() == "MulBackward0" and y.grad_fn.next_functions[1] == (None, 0)
    y.sum().backward()
    assert np.array_equal(x.grad.numpy() != 0, kept)
    assert F.dropout(x, p=1.0).sum().item() == 0.0
    v = t64([[3.0, 4.0], [0.0, 0.0]], requires_grad=True)
    n = F.normalize(v, dim=1)
    assert n.tolist() == [[0.6, 0.8], [0.0, 0.0]] and n.grad_fn.name() == "DivBackward0"
    n[0, 0].backward()
    np.testing.assert_allclose(v.grad.tolist(), [[0.128, -0.096], [0.0, 0.0]])


# -- errors, in torch's words ---------------------------------------------------------------------------------

ERRORS = [
    (lambda: F.binary_cross_entropy(torch.rand(3), torch.rand(2)), ValueError,
     "Using a target size (torch.Size([2])) that is different to the input size (torch.Size([3])) is deprecated. "
     "Please ensure they have the same size."),
    (lambda: F.binary_cross_entropy(torch.ones(3) * 2, torch.rand(3)), RuntimeError,
     "all elements of input should be between 0 and 1"),
    (lambda: F.binary_cross_entropy(torch.rand(3), torch.rand(3), weight=torch.rand(3, requires_grad=True)),
     RuntimeError, "The function 'binary_cross_entropy' is not differentiable with respect to argument 'weight'. "
                   "This input cannot have requires_grad True."),
    (lambda: F.binary_cross_entropy_with_logits(torch.rand(3), torch.rand(2)), ValueError,
     "Target size (torch.Size([2])) must be the same as input size (torch.Size([3]))"),
    (lambda: F.mse_loss(torch.rand(3), torch.rand(3), reduction="avg"), ValueError,
     "avg is not a valid value for reduction"),
    (lambda: F.mse_loss(torch.rand(3), torch.rand(2)), RuntimeError,
     "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"),
    (lambda: F.smooth_l1_loss(torch.rand(3), torch.rand(3), beta=-1.0), RuntimeError,
     "smooth_l1_loss does not support negative values for beta."),
    (lambda: F.huber_loss(torch.rand(3), torch.rand(3), delta=0.0), RuntimeError,
     "huber_loss does not support non-positive values for delta."),
    (lambda: F.cross_entropy(torch.rand(3, 4), torch.tensor([0, 4, 1])), IndexError, "Target 4 is out of bounds."),
    (lambda: F.cross_entropy(torch.rand(3, 4), torch.tensor([0, 1])), ValueError,
     "Expected input batch_size (3) to match target batch_size (2)."),
    (lambda: F.nll_loss(torch.rand(3, 4), torch.rand(3)), RuntimeError,
     "expected target dtype to be Long or Byte, but got Float"),
    (lambda: F.cross_entropy(torch.rand(3, 4), torch.tensor([0, 1, 2]), weight=torch.rand(3)), RuntimeError,
     "weight tensor should be defined either for all 4 classes or no classes but got weight tensor of shape: [3]"),
    (lambda: F.cross_entropy(torch.rand(3, 4), torch.tensor([0, 1, 2]), label_smoothing=1.5), RuntimeError,
     "label_smoothing must be between 0.0 and 1.0. Got: 1.5"),
    (lambda: F.nll_loss(torch.tensor(1.0), torch.tensor(0)), ValueError, "Expected 1 or more dimensions (got 0)"),
    (lambda: F.dropout(torch.rand(3), p=1.5), ValueError, "dropout probability has to be between 0 and 1, but got 1.5"),
    (lambda: F.gelu(torch.rand(3), approximate="foo"), RuntimeError,
     "approximate argument must be either none or tanh."),
    (lambda: F.hardtanh(torch.rand(3), 1.0, -1.0), ValueError, "min_val cannot be greater than max_val"),
    (lambda: F.normalize(torch.rand(3)), IndexError,
     "Dimension out of range (expected to be in range of [-1, 0], but got 1)"),
]


@pytest.mark.filterwarnings("ignore:Using a target size")
@pytest.mark.parametrize("make_error,kind,message", ERRORS, ids=[m[:40] for _, _, m in ERRORS])
def test_errors_use_torchs_words(make_error, kind, message):
    with pytest.raises(kind) as info:
        make_error()
    assert str(info.value) == message


def test_broadcast_target_warns_like_torch():
    with pytest.warns(UserWarning, match=r"Using a target size \(torch.Size\(\[2, 1\]\)\) that is different to the "
                                         r"input size \(torch.Size\(\[3\]\)\)"):
        loss = F.mse_loss(torch.rand(3), torch.rand(2, 1))
    assert loss.shape == ()


# -- erf ---------------------------------------------------------------------------------------------------------------

def test_erf_is_accurate_to_the_last_bits():
    xs = np.linspace(-6, 6, 2001)
    np.testing.assert_array_equal(special.erf_np(xs), [math.erf(v) for v in xs])
    np.testing.assert_array_equal(special.erfc_np(xs), [math.erfc(v) for v in xs])
    assert special.erf_np(np.float32([0.5])).dtype == np.float32
    assert special.erf_np(np.zeros((0, 3))).shape == (0, 3)


# -- live torch ------------------------------------------------------------------------------------------------------

@pytest.mark.parity
@pytest.mark.parametrize("name", ["sigmoid", "logsigmoid", "relu", "relu6", "leaky_relu", "elu", "selu", "celu",
                                  "gelu", "silu", "mish", "softplus", "softsign", "hardtanh", "hardsigmoid",
                                  "hardswish", "erf", "erfc"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_parity_activations_with_live_torch(name, dtype):
    real = pytest.importorskip("torch")
    xs = np.random.default_rng(1).normal(0, 4, 50).tolist() + [-3.0, 0.0, 1.0, 3.0, 6.0]
    results = []
    for lib, fns in ((real, real.nn.functional), (torch, F)):
        fn = getattr(fns, name, None) or getattr(lib, name)
        x = lib.tensor(xs, dtype=getattr(lib, dtype), requires_grad=True)
        y = fn(x)
        y.sum().backward()
        results.append((y.detach().numpy(), x.grad.numpy(), type(y.grad_fn).__name__))
    (yt, gt, nt), (yo, go, no) = results
    tol = 1e-6 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(yo, yt, rtol=tol, atol=tol)
    np.testing.assert_allclose(go, gt, rtol=tol, atol=tol)
    assert no == nt


@pytest.mark.parity
@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_parity_losses_with_live_torch(reduction):
    real = pytest.importorskip("torch")
    rng = np.random.default_rng(2)
    x, p, t = rng.normal(0, 2, (4, 5)), rng.uniform(0.05, 0.95, (4, 5)), rng.uniform(0, 1, (4, 5))
    idx, w = rng.integers(0, 5, 4), rng.uniform(0.5, 2, 5)
    calls = {
        "mse": lambda L, F_, a: F_.mse_loss(a(x), a(t), reduction=reduction),
        "l1": lambda L, F_, a: F_.l1_loss(a(x), a(t), reduction=reduction),
        "smooth_l1": lambda L, F_, a: F_.smooth_l1_loss(a(x), a(t), reduction=reduction, beta=0.6),
        "huber": lambda L, F_, a: F_.huber_loss(a(x), a(t), reduction=reduction, delta=0.6),
        "bce": lambda L, F_, a: F_.binary_cross_entropy(a(p), a(t), weight=a(w, False), reduction=reduction),
        "bce_logits": lambda L, F_, a: F_.binary_cross_entropy_with_logits(
            a(x), a(t), pos_weight=a(w, False), reduction=reduction),
        "cross_entropy": lambda L, F_, a: F_.cross_entropy(a(x), L.tensor(idx), weight=a(w, False),
                                                           reduction=reduction, label_smoothing=0.1),
        "cross_entropy_probs": lambda L, F_, a: F_.cross_entropy(a(x), a(t / t.sum(1, keepdims=True)),
                                                                 reduction=reduction),
    }
    for name, fn in calls.items():
        got = []
        for lib, fns in ((real, real.nn.functional), (torch, F)):
            made = []

            def a(v, rg=True):
                made.append(lib.tensor(v.tolist(), dtype=lib.float64, requires_grad=rg))
                return made[-1]

            loss = fn(lib, fns, a)
            grads = lib.autograd.grad(loss.sum(), [m for m in made if m.requires_grad])
            got.append((loss.detach().numpy(), [g.numpy() for g in grads]))
        (lt, gt), (lo, go) = got
        np.testing.assert_allclose(lo, lt, rtol=1e-12, err_msg=name)
        for a_, b_ in zip(go, gt):
            np.testing.assert_allclose(a_, b_, rtol=1e-11, atol=1e-14, err_msg=name)
