import torch
import torch.nn.functional as F

x = torch.sin(torch.arange(2 * 4 * 6 * 5, dtype=torch.float64) * 0.7).reshape(2, 4, 6, 5).requires_grad_()
w = torch.cos(torch.arange(6 * 2 * 3 * 2, dtype=torch.float64) * 0.3).reshape(6, 2, 3, 2).requires_grad_()
b = torch.linspace(-1, 1, 6, dtype=torch.float64).requires_grad_()

(gw,) = torch.autograd.grad(F.conv2d(x, w, groups=2).sum(), w, create_graph=True)
node = gw.grad_fn
print(node, node.name(), node.next_functions)
print(node._saved_stride, node._saved_padding, node._saved_dilation, node._saved_transposed,
      node._saved_output_padding, node._saved_groups, node._saved_input.shape, node._saved_weight.shape,
      node._saved_grad_output.shape)
print(gw[1, 0])
(h,) = torch.autograd.grad(gw.pow(2).sum(), x, create_graph=True)
print(h.grad_fn.name(), h.grad_fn.next_functions, h[1, 3, :2])

y = F.conv2d(x, w, b, stride=(2, 1), padding=(1, 0), dilation=(1, 2), groups=2)
gx, gw2, gb = torch.autograd.grad(y.pow(2).sum(), (x, w, b), create_graph=True)
print(gx.grad_fn is gw2.grad_fn, gb.grad_fn.name(), [n.name() if n else None for n, _ in gx.grad_fn.next_functions])
hx, hw, hb = torch.autograd.grad((gx * x).sum() + gw2.pow(3).sum() + (gb * gb).sum(), (x, w, b), create_graph=True)
print(hx.grad_fn.name(), hw.grad_fn.name(), hb.grad_fn.name())
print(hx[0, 1, 2], hw[3, 1], hb)
kx, kw, kb = torch.autograd.grad(hx.pow(2).sum() + hw.sum() + hb.pow(2).sum(), (x, w, b))
print(kx[1, 2, 0], kw[0, 0], kb)

v = torch.sin(torch.arange(2 * 3 * 7, dtype=torch.float64)).reshape(2, 3, 7).requires_grad_()
k = torch.cos(torch.arange(3 * 2 * 3, dtype=torch.float64)).reshape(3, 2, 3).requires_grad_()
gv, gk = torch.autograd.grad(F.conv_transpose1d(v, k, stride=2, padding=1, output_padding=1).pow(2).sum(), (v, k),
                             create_graph=True)
print(gv.grad_fn.name(), gk.grad_fn.name())
hv, hk = torch.autograd.grad(gv.sum() + (gk * gk).sum(), (v, k))
print(hv[1], hk[2])

z = torch.cos(torch.arange(1 * 2 * 3 * 4 * 4, dtype=torch.float64)).reshape(1, 2, 3, 4, 4).requires_grad_()
q = torch.sin(torch.arange(2 * 1 * 2 * 2 * 2, dtype=torch.float64)).reshape(2, 1, 2, 2, 2).requires_grad_()
gz, gq = torch.autograd.grad(F.conv3d(z, q, padding=1, groups=2).tanh().sum(), (z, q), create_graph=True)
hz, hq = torch.autograd.grad(gz.pow(2).sum() + gq.sum(), (z, q))
print(gz.grad_fn.name(), hz[0, 1, 2], hq[1, 0, 1])
