import torch
import torch.nn.functional as F

x = torch.sin(torch.arange(2 * 3 * 11 * 13, dtype=torch.float32) * 1.37).reshape(2, 3, 11, 13).requires_grad_()

down = F.interpolate(x, size=(4, 5), mode='bilinear', antialias=True)
node = down.grad_fn
print(down.shape, node.name(), node._saved_align_corners, node._saved_output_size, node._saved_scales_h,
      node._saved_scales_w, node._saved_self_sym_sizes)
print(down[1, 2])
cubic = F.interpolate(x, scale_factor=0.37, mode='bicubic', antialias=True, align_corners=True)
print(cubic.shape, cubic.grad_fn.name(), cubic.grad_fn._saved_scales_h, cubic.grad_fn._saved_align_corners)
print(cubic[0, 1])
print(F.interpolate(x, size=(11, 6), mode='bicubic', antialias=True)[1, 0, :3])
print(F.interpolate(x, size=(20, 7), mode='bilinear', antialias=True)[0, 0, :4])
print(F.interpolate(x, scale_factor=(0.5, 2.5), mode='bicubic', antialias=True)[0, 2, 1])
print(F.interpolate(x, size=(1, 1), mode='bilinear', antialias=True).flatten())
print(F.interpolate(x.double(), size=(3, 4), mode='bicubic', antialias=True, align_corners=True)[1, 1])
print(F.interpolate(x, scale_factor=0.3, mode='bilinear', antialias=True, recompute_scale_factor=True).grad_fn._saved_scales_w)

weights = torch.cos(torch.arange(2 * 3 * 4 * 5, dtype=torch.float32)).reshape(2, 3, 4, 5)
(gx,) = torch.autograd.grad((down * weights).sum() + cubic.pow(2).sum(), x, create_graph=True)
print(gx.grad_fn.name(), gx[0, 1, :3])
back = gx.grad_fn
while back is not None and 'Aa' not in back.name():
    back = back.next_functions[0][0]
print(back.name(), back._saved_output_size, back._saved_align_corners, back._saved_scales_h)
(ggx,) = torch.autograd.grad(gx.pow(2).sum(), x)
print(ggx[1, 0, :2])

with torch.no_grad():
    spikes = torch.zeros(1, 1, 6, 6)
    spikes[0, 0, 2, 3] = float('inf')
    spikes[0, 0, 5, 0] = float('nan')
    print(F.interpolate(spikes, size=(3, 6), mode='bilinear', antialias=True))
    print(F.interpolate(spikes, size=(2, 2), mode='bicubic', antialias=True))

bad_calls = [
    lambda: F.interpolate(x.long(), scale_factor=0.5, mode='bilinear', antialias=True),
    lambda: F.interpolate(x.half(), scale_factor=0.5, mode='bicubic', antialias=True),
    lambda: F.interpolate(x[0], scale_factor=0.5, mode='bilinear', antialias=True),
    lambda: F.interpolate(x, scale_factor=0.5, mode='nearest', antialias=True),
    lambda: F.interpolate(x, size=(0, 3), mode='bilinear', antialias=True),
]
for bad in bad_calls:
    try:
        bad()
    except (RuntimeError, ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
