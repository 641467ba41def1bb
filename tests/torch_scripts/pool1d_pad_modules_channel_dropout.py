import torch
import torch.nn as nn
import torch.nn.functional as F
mods = [nn.MaxPool1d(2), nn.AvgPool1d(3, stride=1, padding=1), nn.ZeroPad2d(1), nn.ConstantPad1d((1, 2), 0.5),
        nn.ReflectionPad2d(1), nn.ReplicationPad1d(2), nn.Dropout2d(0.3), nn.Dropout1d(), nn.ZeroPad1d((0, 2)),
        nn.ConstantPad2d(1, -1.0), nn.ReflectionPad1d(1), nn.ReplicationPad2d((1, 0, 0, 1))]
print(mods)
x = torch.sin(torch.arange(2 * 3 * 6, dtype=torch.float32)).reshape(2, 3, 6).requires_grad_()
img = torch.cos(torch.arange(2 * 2 * 3 * 3, dtype=torch.float32)).reshape(2, 2, 3, 3)
print(mods[0](x)[1], mods[1](x)[0, 2], mods[5](x)[0, 0], mods[8](x).shape, mods[10](x)[1, 1])
print(mods[2](img)[0, 0], mods[4](img)[1, 1], mods[9](img).shape, mods[11](img)[0, 1], mods[3](x)[0, 0])
v, i = F.max_pool1d(x, 3, stride=2, padding=1, return_indices=True)
(v.sum() + F.avg_pool1d(x, 2).pow(2).sum()).backward()
print(v[0], i[0], x.grad[1])
d = nn.Dropout2d(0.5)
d.eval()
print(torch.equal(d(img), img))
d.train()
out = d(torch.ones(4, 8, 5, 5))
per_channel = out.reshape(4, 8, 25)
print(bool(((per_channel == 0).all(-1) | (per_channel == 2).all(-1)).all()))
