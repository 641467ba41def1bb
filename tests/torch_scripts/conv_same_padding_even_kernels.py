import torch
import torch.nn as nn
import torch.nn.functional as F

# padding='same' with an even kernel extent: torch pads the odd one out on the right, then convolves
torch.manual_seed(0)
img = torch.randn(1, 2, 5, 4, requires_grad=True)
w = torch.randn(3, 2, 2, 3, requires_grad=True)
out = F.conv2d(img, w, padding='same')
print(out.shape, out.grad_fn.name(), [type(f).__name__ for f, _ in out.grad_fn.next_functions])
print(out)
out.sum().backward()
print(img.grad, w.grad[0])
x = torch.randn(2, 3, 7)
print(F.conv1d(x, torch.randn(4, 3, 4), padding='same'))
print(F.conv1d(x, torch.randn(4, 3, 2), padding='same', dilation=3))
print(F.conv1d(x[0], torch.randn(4, 3, 4), padding='same').shape)
print(F.conv3d(torch.randn(1, 1, 3, 4, 4), torch.randn(1, 1, 2, 2, 3), padding='same').shape)
for k in [2, 3, 4]:
    for mode in ['zeros', 'reflect', 'circular', 'replicate']:
        conv = nn.Conv1d(3, 2, k, padding='same', padding_mode=mode)
        print(k, mode, conv(x).shape, conv(x)[0, 0, :3])
conv = nn.Conv2d(2, 2, 4, padding='same')
print(conv, conv(img).grad_fn.next_functions[0][0].name())
print(torch.func.vmap(lambda v: F.conv1d(v, torch.ones(1, 3, 2), padding='same'))(x))
for kw in [dict(padding='foo'), dict(padding='same', stride=2)]:
    try:
        F.conv1d(x, torch.ones(1, 3, 2), **kw)
    except RuntimeError as e:
        print("RuntimeError:", e)
for kw in [dict(padding='same', stride=2), dict(padding='same', stride=(1,)), dict(padding='valid', stride=2)]:
    try:
        print(nn.Conv1d(3, 1, 2, **kw))
    except ValueError as e:
        print("ValueError:", e)
