import torch
import torch.nn as nn
import torch.nn.functional as F

def fill(m, s=0.3):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.7 + i).reshape(p.shape) * s)

x = torch.cos(torch.arange(2 * 4 * 3 * 3, dtype=torch.float32) * 0.3).reshape(2, 4, 3, 3).requires_grad_()
for m in [nn.ConvTranspose2d(4, 2, 3), nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2),
          nn.ConvTranspose2d(4, 3, (2, 3), stride=(2, 1), dilation=2, bias=False)]:
    fill(m)
    y = m(x)
    x.grad = None
    y.pow(2).sum().backward()
    print(m, tuple(m.weight.shape), y.shape, y[1, 0, 1], x.grad[0, 1, 2], m.weight.grad.flatten()[:4])
c1 = nn.ConvTranspose1d(3, 2, 4, stride=2, padding=1)
fill(c1)
z = torch.sin(torch.arange(2 * 3 * 5, dtype=torch.float32)).reshape(2, 3, 5)
print(c1, c1(z)[0], c1(z[0]).shape)
print(F.conv_transpose2d(x.detach()[:1], torch.ones(4, 1, 2, 2), stride=2)[0, 0])
