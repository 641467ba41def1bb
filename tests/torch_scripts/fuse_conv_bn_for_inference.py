# Folding an eval-mode BatchNorm into the layer before it for inference (torch.nn.utils.fuse_conv_bn_eval and
# friends, as quantization/deployment tutorials do): the fused layer's weights, its outputs against the
# unfused pair, the transposed-conv form, a bias-less conv, BatchNorm without affine, and the refusals.
import torch
import torch.nn as nn
from torch.nn.utils import fuse_conv_bn_eval, fuse_conv_bn_weights, fuse_linear_bn_eval, fuse_linear_bn_weights

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1, bias=False), nn.BatchNorm2d(4), nn.ReLU(),
                      nn.Flatten(), nn.Linear(4 * 5 * 5, 6), nn.BatchNorm1d(6))
x = torch.randn(8, 3, 5, 5)
model.train()
for _ in range(3):
    model(x)
model.eval()
conv = fuse_conv_bn_eval(model[0], model[1])
print(conv)
print(conv.weight[0, 0], conv.bias)
print(type(conv.weight).__name__, conv.weight.requires_grad, conv.bias.requires_grad, conv is model[0])
with torch.no_grad():
    print(torch.allclose(conv(x), model[1](model[0](x)), atol=1e-5))
lin = fuse_linear_bn_eval(model[4], model[5])
print(lin.weight[:2, :4], lin.bias)
fused = nn.Sequential(conv, nn.ReLU(), nn.Flatten(), lin)
with torch.no_grad():
    print((fused(x) - model(x)).abs().max() < 1e-4, fused(x)[0])

up = nn.ConvTranspose2d(3, 2, 2, stride=2).eval()
bn = nn.BatchNorm2d(2, affine=False).eval()
bn.running_mean.fill_(0.5)
bn.running_var.fill_(4.0)
w, b = fuse_conv_bn_weights(up.weight, up.bias, bn.running_mean, bn.running_var, bn.eps, bn.weight, bn.bias,
                            transpose=True)
print(w.shape, w[0, :, 0, 0], b)
w2, b2 = fuse_linear_bn_weights(torch.ones(2, 3), None, torch.tensor([1.0, 2.0]), torch.tensor([1.0, 4.0]), 0.0,
                                torch.tensor([2.0, 3.0]), torch.tensor([0.5, -0.5]))
print(w2, b2, w2.requires_grad)

for label, attempt in (("training conv", lambda: fuse_conv_bn_eval(nn.Conv2d(1, 1, 1), nn.BatchNorm2d(1))),
                       ("no running stats", lambda: fuse_conv_bn_eval(nn.Conv2d(1, 1, 1).eval(),
                                                                      nn.BatchNorm2d(1, track_running_stats=False)
                                                                      .eval())),
                       ("width", lambda: fuse_linear_bn_eval(nn.Linear(2, 3).eval(), nn.BatchNorm1d(2).eval()))):
    try:
        attempt()
    except Exception as e:
        print(label, type(e).__name__, e)
