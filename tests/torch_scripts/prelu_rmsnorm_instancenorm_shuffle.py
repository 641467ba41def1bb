import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.sin(torch.arange(2 * 4 * 3 * 4, dtype=torch.float32) * 0.37).reshape(2, 4, 3, 4).requires_grad_()

prelu = nn.PReLU(4)
with torch.no_grad():
    prelu.weight.copy_(torch.tensor([0.1, -0.2, 0.3, 0.25]))
one = nn.PReLU()
y = prelu(x)
print(prelu, one, [(n, tuple(p.shape)) for n, p in prelu.named_parameters()], one.weight)
print(y.grad_fn.name(), y.grad_fn.next_functions[1][0].name(), y[1, 1, 0])
print(F.prelu(torch.tensor([-2.0, 0.0, 3.0]), torch.tensor(0.5)), one(x)[0, 0, 0])

rms = nn.RMSNorm([3, 4])
with torch.no_grad():
    rms.weight.copy_(torch.linspace(0.5, 1.5, 12).reshape(3, 4))
r = rms(x)
print(rms, nn.RMSNorm(4, eps=1e-6, elementwise_affine=False), r.grad_fn.name(), r[0, 2, 1])
print(F.rms_norm(x, (4,), eps=1e-3)[1, 3].detach())

inorm = nn.InstanceNorm2d(4, affine=True, track_running_stats=True)
with torch.no_grad():
    inorm.weight.copy_(torch.tensor([1.0, 0.5, 2.0, -1.0]))
    inorm.bias.copy_(torch.tensor([0.0, 0.1, 0.2, 0.3]))
i = inorm(x)
print(inorm, nn.InstanceNorm1d(3), i.grad_fn.name(), i[1, 2, 0])
print(inorm.running_mean, inorm.running_var, inorm.num_batches_tracked)
inorm.eval()
print(inorm(x)[0, 1, 2])
print(nn.InstanceNorm1d(4)(x[0, :, 0]).detach(), F.instance_norm(x[:, :, 0])[1].detach())

lrn = nn.LocalResponseNorm(3, alpha=0.5, beta=0.75, k=2.0)
l3 = nn.LocalResponseNorm(2)(x[:, :, 0])
print(lrn, lrn(x)[1, :, 2, 3], l3[0, 1])

ps, pu, cs = nn.PixelShuffle(2), nn.PixelUnshuffle(2), nn.ChannelShuffle(2)
s = ps(x)
print(ps, pu, cs, s.shape, s.grad_fn.name(), s.grad_fn._saved_upscale_factor, s[1, 0, :2])
u = pu(x[:, :, :2, :])
print(u.shape, u.grad_fn.name(), u[0, :, 0, 1], cs(x).grad_fn.name(), cs(x)[0, :, 0, 0])
print(torch.equal(F.pixel_unshuffle(F.pixel_shuffle(x, 2), 2), x))

sm = nn.Softmax2d()
print(sm, sm(x)[0, :, 1, 1])

unf, fold = nn.Unfold(kernel_size=2, stride=1), nn.Fold(output_size=(3, 4), kernel_size=2)
cols = unf(x)
print(unf, fold, cols.shape, fold(cols)[0, 0])

pd = nn.ParameterDict({"b": nn.Parameter(torch.ones(2)), "a": nn.Parameter(torch.zeros(2, 3))})
pd["c"] = torch.full((3,), 2.0, dtype=torch.float64)
print(pd, list(pd.keys()), [n for n, _ in pd.named_parameters()], "a" in pd, len(pd))

total = (y.pow(2).sum() + r.sum() + (i.pow(2) + i).sum() + lrn(x).sum() + s.pow(3).sum() + u.sum() + (cs(x) * x).sum()
         + (sm(x) * x).sum() + fold(cols).sum() + (pd["a"].sum() + pd["b"].sum()) * x.sum())
total.backward()
print(x.grad[1, 2], prelu.weight.grad, rms.weight.grad[1], inorm.weight.grad, inorm.bias.grad, pd["a"].grad)

rr = nn.RReLU(0.1, 0.3)
rr.eval()
z = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)
out = rr(z)
out.sum().backward()
print(rr, out, out.grad_fn.name(), z.grad)
rr.train()
z.grad = None
out = rr(z)
out.sum().backward()
print(bool(((out / z) >= 0.1).all() and ((out / z) <= 0.3).all()), torch.allclose(z.grad, out / z))
ad = nn.AlphaDropout(0.2)
print(ad, nn.FeatureAlphaDropout(0.3), nn.Dropout3d(), ad.eval()(z) is z)
for bad in (lambda: F.prelu(x, torch.ones(3)), lambda: F.pixel_shuffle(x, 3), lambda: F.rms_norm(x, (3,)),
            lambda: F.instance_norm(torch.ones(2, 3, 1)), lambda: nn.InstanceNorm1d(5, affine=True)(x[:, :, 0])):
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
