import torch
import torch.nn as nn
import torch.nn.functional as F

# the layout of what CNN layers make of a channels_last input, as torch's CPU kernels write it
torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    x = torch.randn(2, 3, 6, 6, dtype=dt)
    c = x.contiguous(memory_format=torch.channels_last)
    c5 = torch.randn(2, 3, 4, 4, 4, dtype=dt).contiguous(memory_format=torch.channels_last_3d)
    res = []
    for name, f in [("maxpool", lambda: F.max_pool2d(c, 2)), ("maxpool idx", lambda: F.max_pool2d(c, 2, return_indices=True)[1]),
                    ("maxpool s1", lambda: F.max_pool2d(c, 3, 1, 1)), ("avgpool", lambda: F.avg_pool2d(c, 2)),
                    ("adaptive3", lambda: F.adaptive_avg_pool2d(c, 3)),
                    ("adaptivemax", lambda: F.adaptive_max_pool2d(c, 2)), ("nearest", lambda: F.interpolate(c, scale_factor=2)),
                    ("bilinear", lambda: F.interpolate(c, scale_factor=2, mode="bilinear")),
                    ("bicubic", lambda: F.interpolate(c, scale_factor=2, mode="bicubic")),
                    ("pad const", lambda: F.pad(c, (1, 1, 1, 1))), ("pad reflect", lambda: F.pad(c, (1, 1, 1, 1), mode="reflect")),
                    ("pad replicate", lambda: F.pad(c, (1, 1, 1, 1), mode="replicate")),
                    ("gelu", lambda: F.gelu(c)), ("gelu tanh", lambda: F.gelu(c, approximate="tanh")), ("silu", lambda: F.silu(c)),
                    ("hardswish", lambda: F.hardswish(c)), ("elu", lambda: F.elu(c)), ("leaky", lambda: F.leaky_relu(c)),
                    ("relu6", lambda: F.relu6(c)), ("hardtanh", lambda: F.hardtanh(c)), ("mish", lambda: F.mish(c)),
                    ("softplus", lambda: F.softplus(c)), ("softmax1", lambda: F.softmax(c, 1)), ("softmax-1", lambda: F.softmax(c, -1)),
                    ("logsoftmax1", lambda: F.log_softmax(c, 1)), ("ln", lambda: F.layer_norm(c, (6,))),
                    ("gn", lambda: F.group_norm(c, 3)), ("in", lambda: F.instance_norm(c)),
                    ("bn train", lambda: F.batch_norm(c, None, None, training=True)),
                    ("bn eval", lambda: F.batch_norm(c, torch.zeros(3, dtype=dt), torch.ones(3, dtype=dt))),
                    ("dropout2d", lambda: F.dropout2d(c, 0.5)), ("pixel_shuffle", lambda: F.pixel_shuffle(torch.randn(1, 4, 2, 2, dtype=dt).contiguous(memory_format=torch.channels_last), 2)),
                    ("cat1", lambda: torch.cat([c, c], 1)), ("mean hw", lambda: c.mean((2, 3), keepdim=True)),
                    ("x add", lambda: x + c),
                    ("sigmoid", lambda: torch.sigmoid(c)),
                    ("maxpool3d", lambda: F.max_pool3d(c5, 2)), ("avgpool3d", lambda: F.avg_pool3d(c5, 2)),
                    ("bn3d", lambda: F.batch_norm(c5, None, None, training=True)),
                    ("trilinear", lambda: F.interpolate(c5, scale_factor=2, mode="trilinear")),
                    ("upsample nearest3d", lambda: F.interpolate(c5, scale_factor=2)),
                    ("clone", lambda: c.clone()), ("neg", lambda: -c), ("pow", lambda: c.pow(2)), ("clamp", lambda: c.clamp(-1, 1)),
                    ("dropout", lambda: F.dropout(c, 0.3)), ("prelu", lambda: F.prelu(c, torch.ones(3, dtype=dt))),
                    ("channel_shuffle", lambda: F.channel_shuffle(torch.randn(1, 4, 2, 2, dtype=dt).contiguous(memory_format=torch.channels_last), 2)),
                    ]:
        try:
            r = f()
            res.append(f"{name}={tuple(r.stride())}")
        except Exception as e:
            res.append(f"{name}=ERR {type(e).__name__}: {e}")
    print(dt)
    print("\n".join(res))

# values and gradients are unchanged by the layout
torch.manual_seed(1)
x = torch.randn(1, 2, 4, 4)
c = x.contiguous(memory_format=torch.channels_last).requires_grad_()
y = F.max_pool2d(F.gelu(F.pad(c, (1, 1, 1, 1), mode="reflect")), 2)
z = F.interpolate(y, scale_factor=2, mode="bilinear").softmax(1)
print(y.stride(), z.stride(), z.is_contiguous(), y.grad_fn.name(), z.grad_fn.name())
torch.set_printoptions(precision=5)
print(z[0, 0])
(z * torch.arange(72.).reshape(1, 2, 6, 6)).sum().backward()
print(c.grad, c.grad.stride())

# preserve_format of a non-dense slice of a channels_last tensor: the layout its strides suggest
c = torch.randn(2, 4, 3, 3).contiguous(memory_format=torch.channels_last)
s = c[:, :2]
for name, f in [("clone", lambda: s.clone()), ("zeros_like", lambda: torch.zeros_like(s)), ("relu", lambda: s.relu()),
                ("add1", lambda: s + 1), ("mul", lambda: s * s), ("to64", lambda: s.double()), ("empty_like", lambda: torch.empty_like(s)),
                ("rand_like", lambda: torch.rand_like(s)), ("contig", lambda: s.contiguous()), ("exp", lambda: s.exp()),
                ("gelu", lambda: F.gelu(s)), ("maxpool", lambda: F.max_pool2d(s, 2)), ("slice2", lambda: c[..., :2].clone()),
                ("conv", lambda: F.conv2d(s, torch.randn(3, 2, 1, 1))), ("sub", lambda: s - 1.5)]:
    print(name, f().stride())

# elementwise kernels keep a transposed or channels_last input's layout; softmax, layer_norm, logsigmoid and
# rrelu (eval) write contiguous output
x = torch.randn(3, 4).t()
c = torch.randn(2, 3, 4, 4).contiguous(memory_format=torch.channels_last)
res = []
for name, f in [("gelu", F.gelu), ("silu", F.silu), ("elu", F.elu), ("selu", F.selu), ("celu", F.celu), ("mish", F.mish),
                ("softplus", F.softplus), ("hardswish", F.hardswish), ("hardsigmoid", F.hardsigmoid), ("logsigmoid", F.logsigmoid),
                ("leaky", F.leaky_relu), ("relu6", F.relu6), ("hardtanh", F.hardtanh), ("tanhshrink", F.tanhshrink),
                ("softsign", F.softsign), ("softshrink", F.softshrink), ("hardshrink", F.hardshrink), ("sigmoid", torch.sigmoid),
                ("tanh", torch.tanh), ("relu", F.relu), ("erf", torch.erf), ("log1p", lambda t: torch.log1p(t.abs())),
                ("expm1", torch.expm1), ("sin", torch.sin), ("atan", torch.atan), ("round", torch.round), ("frac", torch.frac),
                ("clamp", lambda t: t.clamp(-0.5, 0.5)), ("threshold", lambda t: F.threshold(t, 0.1, 0.0)),
                ("rrelu eval", lambda t: F.rrelu(t)), ("lerp", lambda t: torch.lerp(t, t * 2, 0.3)), ("sign", torch.sign),
                ("nan_to_num", torch.nan_to_num), ("square", torch.square), ("rsqrt", lambda t: t.abs().rsqrt()),
                ("addcmul", lambda t: torch.addcmul(t, t, t)), ("xlogy", lambda t: torch.xlogy(t.abs(), t.abs())),
                ("prelu", lambda t: F.prelu(t, torch.tensor([0.25]))), ("dropout eval", lambda t: F.dropout(t, 0.5, False))]:
    res.append(f"{name}={f(x).stride()}/{f(c).stride()}")
print("\n".join(res))
x = torch.randn(3, 4).t()
print(F.softmax(x, 0).stride(), F.log_softmax(x, 1).stride(), F.layer_norm(x, (3,)).stride(), torch.softmax(x, -1).stride(),
      F.gelu(x).stride(), F.pad(x, (1, 1)).stride(), F.softmax(torch.randn(2, 3, 4).permute(2, 0, 1), 1).stride())
