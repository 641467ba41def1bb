import torch
import torch.nn.functional as F

# kernels torch builds for real types only refuse complex tensors (numpy would order, clamp or round
# them, or drop their imaginary parts); the ones that take complex numbers compute
for dtype in (torch.complex64, torch.complex128):
    z = torch.tensor([1 + 2j, 3 - 1j], dtype=dtype)
    w = torch.tensor([2 + 0j, 1 + 1j], dtype=dtype)
    m = torch.stack([z, w])
    calls = {
        "z < w": lambda: z < w, "gt": lambda: torch.gt(z, 1), "le": lambda: z.le(w), "ge": lambda: z >= 1,
        "lt_": lambda: z.clone().lt_(w), "real < complex": lambda: torch.tensor([1., 2.]) < 1j,
        "eq": lambda: z == w, "ne": lambda: z != w, "isclose": lambda: torch.isclose(z, w),
        "max": lambda: z.max(), "min": lambda: torch.min(z), "max(dim)": lambda: z.max(0), "min(dim)": lambda: z.min(dim=0),
        "amax": lambda: z.amax(), "amin": lambda: torch.amin(z, 0), "maximum": lambda: torch.maximum(z, w),
        "minimum": lambda: torch.minimum(z, w), "fmax": lambda: torch.fmax(z, w), "fmin": lambda: torch.fmin(z, w),
        "max(other)": lambda: torch.max(z, w), "argmax": lambda: z.argmax(), "argmin": lambda: z.argmin(0),
        "aminmax": lambda: z.aminmax(), "sort": lambda: z.sort(), "sort(stable)": lambda: torch.sort(m, dim=0, stable=True),
        "argsort": lambda: z.argsort(), "msort": lambda: torch.msort(z), "topk": lambda: z.topk(1),
        "kthvalue": lambda: z.kthvalue(1), "median": lambda: z.median(), "median(dim)": lambda: z.median(0),
        "nanmedian": lambda: z.nanmedian(), "nanmedian(dim)": lambda: z.nanmedian(0), "mode": lambda: z.mode(),
        "cummax": lambda: z.cummax(0), "cummin": lambda: z.cummin(0), "unique": lambda: torch.unique(z),
        "unique(dim)": lambda: torch.unique(m, dim=0), "unique_consecutive": lambda: torch.unique_consecutive(z),
        "unique_consecutive(dim)": lambda: torch.unique_consecutive(m, dim=0),
        "clamp": lambda: z.clamp(0, 1), "clamp(min)": lambda: z.clamp(min=0), "clamp(max=tensor)": lambda: torch.clamp(z, max=w),
        "clamp_": lambda: z.clone().clamp_(0, 1), "clip": lambda: z.clip(0, 1), "clamp_min": lambda: torch.clamp_min(z, 0),
        "clamp_min(tensor)": lambda: torch.clamp_min(z, w), "clamp_max_": lambda: z.clone().clamp_max_(1),
        "sign": lambda: z.sign(), "sign_": lambda: z.clone().sign_(), "sgn": lambda: z.sgn(), "signbit": lambda: z.signbit(),
        "relu": lambda: torch.relu(z), "relu_": lambda: z.clone().relu_(), "nn.ReLU": lambda: torch.nn.ReLU()(z),
        "relu6": lambda: F.relu6(z), "hardtanh": lambda: F.hardtanh(z), "hardtanh_": lambda: F.hardtanh_(z.clone()),
        "threshold": lambda: F.threshold(z, 0.5, 0.), "threshold_": lambda: F.threshold_(z.clone(), 0.5, 0.),
        "leaky_relu": lambda: F.leaky_relu(z), "leaky_relu_": lambda: F.leaky_relu_(z.clone()),
        "rrelu": lambda: F.rrelu(z), "rrelu(training)": lambda: F.rrelu(z, training=True),
        "elu": lambda: F.elu(z), "elu_": lambda: F.elu_(z.clone()), "celu": lambda: F.celu(z), "selu": lambda: F.selu(z),
        "gelu": lambda: F.gelu(z), "silu": lambda: F.silu(z), "mish": lambda: F.mish(z), "softplus": lambda: F.softplus(z),
        "hardsigmoid": lambda: F.hardsigmoid(z), "hardswish": lambda: F.hardswish(z), "logsigmoid": lambda: F.logsigmoid(z),
        "softsign": lambda: F.softsign(z), "tanhshrink": lambda: F.tanhshrink(z), "hardshrink": lambda: F.hardshrink(z),
        "softshrink": lambda: F.softshrink(z), "glu": lambda: F.glu(m), "prelu": lambda: F.prelu(z, torch.tensor([0.25], dtype=dtype)),
        "sigmoid": lambda: torch.sigmoid(z), "softmax": lambda: z.softmax(0), "softmax(dim 0 of 2)": lambda: m.softmax(0),
        "log_softmax": lambda: z.log_softmax(0), "log_softmax(dim 0 of 2)": lambda: m.log_softmax(0),
        "softmin": lambda: F.softmin(z, 0), "nn.Softmax": lambda: torch.nn.Softmax(0)(z),
        "floor": lambda: z.floor(), "floor_": lambda: z.clone().floor_(), "ceil": lambda: z.ceil(), "trunc": lambda: z.trunc(),
        "fix": lambda: z.fix(), "frac": lambda: z.frac(), "round": lambda: z.round(), "round_": lambda: z.clone().round_(),
        "round(decimals)": lambda: z.round(decimals=1), "fmod": lambda: torch.fmod(z, 2), "fmod_": lambda: z.clone().fmod_(2),
        "z % 2": lambda: z % 2, "remainder": lambda: torch.remainder(z, w), "remainder(2, z)": lambda: torch.remainder(2, z),
        "z // 2": lambda: z // 2, "floor_divide_": lambda: z.clone().floor_divide_(2),
        "div(floor)": lambda: torch.div(z, w, rounding_mode="floor"), "div(trunc)": lambda: torch.div(z, w, rounding_mode="trunc"),
        "atan2": lambda: torch.atan2(z, w), "hypot": lambda: torch.hypot(z, w), "copysign": lambda: torch.copysign(z, w),
        "nextafter": lambda: torch.nextafter(z, w), "xlogy": lambda: torch.xlogy(z, w), "logaddexp2": lambda: torch.logaddexp2(z, w),
        "deg2rad": lambda: torch.deg2rad(z), "rad2deg": lambda: torch.rad2deg(z), "isposinf": lambda: torch.isposinf(z),
        "isneginf": lambda: torch.isneginf(z), "isreal": lambda: torch.isreal(z), "isnan": lambda: z.isnan(),
        "erf": lambda: torch.erf(z), "erfc": lambda: torch.erfc(z), "erfinv": lambda: torch.erfinv(z), "erfinv_": lambda: z.clone().erfinv_(),
        "lgamma": lambda: torch.lgamma(z), "special.gammaln": lambda: torch.special.gammaln(z), "digamma": lambda: torch.digamma(z),
        "polygamma(0)": lambda: torch.polygamma(0, z), "polygamma(1)": lambda: torch.polygamma(1, z), "polygamma(2)": lambda: torch.polygamma(2, z),
        "mvlgamma": lambda: torch.mvlgamma(z, 1), "i0": lambda: torch.i0(z), "special.i0e": lambda: torch.special.i0e(z),
        "special.i1": lambda: torch.special.i1(z), "special.ndtri": lambda: torch.special.ndtri(z),
        "special.log_ndtr": lambda: torch.special.log_ndtr(z), "special.erfcx": lambda: torch.special.erfcx(z),
        "special.entr": lambda: torch.special.entr(z), "logit": lambda: torch.logit(z), "special.xlog1py": lambda: torch.special.xlog1py(z, w),
        "special.zeta": lambda: torch.special.zeta(z, w), "sinc": lambda: torch.sinc(z), "expit": lambda: torch.special.expit(z),
        "searchsorted": lambda: torch.searchsorted(z, w), "searchsorted(real, complex)": lambda: torch.searchsorted(torch.tensor([1., 2.]), z),
        "bucketize": lambda: torch.bucketize(z, torch.tensor([1., 2.])), "histc": lambda: z.histc(), "bincount": lambda: torch.bincount(z),
        "isin": lambda: torch.isin(z, w), "isin(real, complex)": lambda: torch.isin(torch.tensor([1., 2.]), z),
        "nansum": lambda: z.nansum(), "nansum(dim)": lambda: z.nansum(0), "nanmean": lambda: z.nanmean(),
        "sum": lambda: z.sum(), "mean": lambda: z.mean(), "prod": lambda: z.prod(), "cumsum": lambda: z.cumsum(0), "std": lambda: z.std(),
        "mse_loss": lambda: F.mse_loss(z, w), "l1_loss": lambda: F.l1_loss(z, w), "smooth_l1_loss": lambda: F.smooth_l1_loss(z, w),
        "huber_loss": lambda: F.huber_loss(z, w), "binary_cross_entropy": lambda: F.binary_cross_entropy(z, w),
        "binary_cross_entropy_with_logits": lambda: F.binary_cross_entropy_with_logits(z, w),
        "cross_entropy": lambda: F.cross_entropy(m, torch.tensor([0, 1])),
        "kl_div": lambda: F.kl_div(z, w, reduction="sum"),
        "max_pool1d": lambda: F.max_pool1d(m.unsqueeze(0), 2), "max_pool1d(indices)": lambda: F.max_pool1d(m.unsqueeze(0), 2, return_indices=True),
        "max_pool2d": lambda: F.max_pool2d(m.unsqueeze(0), 1), "max_pool3d": lambda: F.max_pool3d(z.reshape(1, 1, 1, 1, 2), 1),
        "avg_pool1d": lambda: F.avg_pool1d(m.unsqueeze(0), 2), "avg_pool2d": lambda: F.avg_pool2d(m.unsqueeze(0), 1),
        "avg_pool3d": lambda: F.avg_pool3d(z.reshape(1, 1, 1, 1, 2), 1), "lp_pool1d": lambda: F.lp_pool1d(m.unsqueeze(0), 2, 2),
        "layer_norm": lambda: F.layer_norm(z, (2,)), "batch_norm": lambda: F.batch_norm(m, None, None, training=True),
        "group_norm": lambda: F.group_norm(m.unsqueeze(0), 1), "~z": lambda: ~z, "bitwise_not": lambda: torch.bitwise_not(z),
        "matmul": lambda: m @ m, "abs": lambda: z.abs(), "angle": lambda: z.angle(), "pow": lambda: z ** 2,
    }
    for name, call in calls.items():
        try:
            result = call()
            print(f"{name}: {result}")
        except Exception as e:
            print(f"{name}: {type(e).__name__}: {e}")
z = torch.tensor([[1 + 2j, 3 - 1j]])
try:
    F.nll_loss(z, torch.tensor([0]))
except NotImplementedError as e:
    print(e)
# a complex exponent's gradient masks 0 ** exponent where the exponent is real and not negative
# (+ 0: the zeros' signs are another matter)
base = torch.tensor([0j, 0j, 1 + 1j], dtype=torch.complex128, requires_grad=True)
exponent = torch.tensor([2 + 0j, 2 + 1j, 0.5 - 1j], dtype=torch.complex128, requires_grad=True)
(gb, ge) = torch.autograd.grad((base ** exponent).abs().sum(), (base, exponent))
print(gb + 0, ge + 0)
# pooling and normalization paths that reach a real-only kernel
z2 = torch.tensor([[[[1 + 2j, 3 - 1j], [0.5j, 2]]]])
for call in (lambda: F.interpolate(z2, size=1, mode="area"), lambda: F.adaptive_avg_pool1d(z2[0], 1), lambda: F.adaptive_avg_pool2d(z2, 1),
             lambda: F.instance_norm(z2), lambda: F.local_response_norm(z2, 2), lambda: F.local_response_norm(z2[0], 2)):
    try:
        print(call())
    except NotImplementedError as e:
        print("NotImplementedError:", e)
# resizing and sampling
z1, z3 = torch.tensor([[[1 + 2j, 3 - 1j, 0.5j, 2]]]), torch.ones(1, 1, 1, 2, 2, dtype=torch.complex64)
for call in (lambda: F.interpolate(z1, scale_factor=2), lambda: F.interpolate(z1, scale_factor=2, mode="nearest-exact"),
             lambda: F.interpolate(z1, scale_factor=2, mode="linear"), lambda: F.interpolate(z2, scale_factor=2),
             lambda: F.interpolate(z2.repeat(2, 3, 1, 1), scale_factor=2, mode="bilinear"),
             lambda: F.interpolate(z2, scale_factor=2, mode="bicubic"),
             lambda: F.interpolate(z2, scale_factor=2, mode="bilinear", antialias=True),
             lambda: F.interpolate(z3, scale_factor=2, mode="trilinear"), lambda: F.interpolate(z3, scale_factor=2),
             lambda: torch.nn.Upsample(scale_factor=2)(z1),
             lambda: F.grid_sample(z2, torch.zeros(1, 1, 1, 2), align_corners=False),
             lambda: F.grid_sample(z3, torch.zeros(1, 1, 1, 1, 3), align_corners=False)):
    try:
        print(call())
    except NotImplementedError as e:
        print("NotImplementedError:", e)
try:
    F.grid_sample(torch.ones(1, 1, 2, 2), torch.zeros(1, 1, 1, 2, dtype=torch.complex64), align_corners=False)
except RuntimeError as e:
    print("RuntimeError:", e)
