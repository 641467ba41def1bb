# A segmentation-style step: per-pixel cross_entropy over (N, C, H, W) logits with class weights,
# ignore_index and label smoothing, softmax probabilities over the channel dim, and per-channel
# statistics with x.sum/mean over (0, 2, 3), all printed at full precision.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
images = torch.randn(4, 3, 6, 6) * 2 + 0.5
print("channel mean", images.mean(dim=(0, 2, 3)).tolist())
print("channel sum", images.sum(dim=(0, 2, 3)).tolist(), images.sum(dim=(0, 2, 3), keepdim=True).shape)

net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 4, 1))
target = torch.randint(0, 4, (4, 6, 6))
target[0, :2, :2] = 255
weight = torch.tensor([1.0, 2.0, 0.5, 3.0])
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step in range(3):
    logits = net(images)
    loss = F.cross_entropy(logits, target, weight=weight, ignore_index=255, label_smoothing=0.1)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item()}")

x = torch.randn(2, 4, 3, 5, requires_grad=True)
t = torch.randint(0, 4, (2, 3, 5))
t[1, 2, 1] = 255
for reduction in ["mean", "sum"]:
    for smoothing in [0.0, 0.2]:
        value = F.cross_entropy(x, t, weight=weight, ignore_index=255, reduction=reduction, label_smoothing=smoothing)
        print(reduction, smoothing, value.item())
F.cross_entropy(x, t, ignore_index=255, label_smoothing=0.1).backward()
print(x.grad[0, :, 0].tolist())

for shape in [(2, 4, 3, 3), (3, 4, 20), (2, 5, 4, 5)]:
    z = (torch.randn(*shape) * 3).requires_grad_(True)
    probs = F.softmax(z, dim=1)
    print(shape, probs.flatten()[:20].tolist(), probs.sum(dim=1).flatten()[:6].tolist())
    g = torch.randn(*shape)
    print(torch.autograd.grad(probs, z, g)[0].flatten()[:12].tolist())
    print(torch.autograd.grad(F.log_softmax(z, dim=1), z, g)[0].flatten()[:12].tolist())
print(F.softmax(torch.randn(6, 40), dim=0).flatten()[:12].tolist())
