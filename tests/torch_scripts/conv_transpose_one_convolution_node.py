import torch
from torch import nn
import torch.nn.functional as F
torch.manual_seed(0)
for m, x in [(nn.ConvTranspose1d(4, 2, 3, stride=2, dilation=2, groups=2, output_padding=1), torch.randn(2, 4, 5)),
             (nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2), torch.randn(2, 4, 3, 3)),
             (nn.ConvTranspose2d(3, 2, (2, 3), stride=(2, 1), dilation=(1, 2), bias=False), torch.randn(1, 3, 4, 2)),
             (nn.ConvTranspose3d(2, 2, 2, stride=2), torch.randn(1, 2, 2, 2, 2)),
             (nn.ConvTranspose1d(3, 3, 4, stride=3, padding=2, output_padding=2), torch.randn(3, 5))]:
    x.requires_grad_()
    y = m(x)
    print(m, y.shape, y.grad_fn, y.flatten()[:6])
    n = y.grad_fn
    print({a: (tuple(getattr(n, a).shape) if torch.is_tensor(getattr(n, a)) else getattr(n, a)) for a in dir(n) if a.startswith("_saved")})
    (y.pow(2).sum() + y.sum()).backward()
    print(x.grad.flatten()[:6], m.weight.grad.flatten()[:6], None if m.bias is None else m.bias.grad)
    print(y.sum().item(), x.grad.sum().item(), m.weight.grad.sum().item())
m = nn.ConvTranspose2d(2, 2, 3, stride=2)
x = torch.randn(1, 2, 3, 3, requires_grad=True)
gx, = torch.autograd.grad(m(x).pow(2).sum(), x, create_graph=True)

gx.sum().backward()
print(m.weight.grad.flatten()[:5], x.grad is None)
print(torch.autograd.functional.jacobian(lambda x: F.conv_transpose1d(x, torch.ones(1, 1, 2), stride=2), torch.tensor([[[1.0, 2.0]]])))
print(torch.func.jacfwd(lambda x: F.conv_transpose1d(x, torch.ones(1, 1, 2), stride=2))(torch.tensor([[[1.0, 2.0]]])))
print(torch.func.vmap(lambda x: F.conv_transpose1d(x, torch.ones(2, 1, 2), stride=2))(torch.randn(3, 2, 4)).shape)
dec = nn.Sequential(nn.ConvTranspose2d(4, 2, 4, stride=2, padding=1), nn.ReLU(), nn.ConvTranspose2d(2, 1, 3, padding=1))
out = dec(torch.randn(2, 4, 4, 4))
print(out.shape, out.grad_fn, out.grad_fn.next_functions[0][0].next_functions[0][0])
print(F.conv_transpose2d(torch.ones(1, 1, 2, 2), torch.ones(1, 1, 2, 2), stride=2))
try:
    F.conv_transpose2d(torch.ones(1, 2, 2, 2), torch.ones(1, 1, 2, 2))
except Exception as e:
    print(type(e).__name__, e)
