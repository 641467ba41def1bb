import torch
import torch.nn as nn
import torch.nn.functional as F

weight = torch.sin(torch.arange(10 * 4, dtype=torch.float32) * 0.7).reshape(10, 4).requires_grad_()
indices = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
offsets = torch.tensor([0, 4, 4])
outs = {}
for mode in ("sum", "mean", "max"):
    outs[mode] = F.embedding_bag(indices, weight, offsets, mode=mode)
    print(mode, outs[mode], outs[mode].grad_fn.name())
psw = torch.linspace(0.5, 2.0, 8).requires_grad_()
weighted = F.embedding_bag(indices, weight, offsets, mode="sum", per_sample_weights=psw)
rows = F.embedding_bag(torch.tensor([[1, 2, 0], [3, 3, 9]]), weight, mode="mean", padding_idx=3)
last = F.embedding_bag(indices, weight, torch.tensor([0, 3, 8]), mode="sum", include_last_offset=True)
print(weighted, rows, last)

bag = nn.EmbeddingBag(10, 4, mode="max")
with torch.no_grad():
    bag.weight.copy_(weight)
print(bag, nn.EmbeddingBag(10, 4, padding_idx=2, max_norm=1.5, mode="sum"), bag(indices, offsets))
total = (outs["sum"].pow(2).sum() + outs["mean"].sum() + outs["max"].pow(2).sum() + weighted.pow(2).sum()
         + rows.sum() + last.sum() + bag(indices, offsets).sum())
total.backward()
print(weight.grad, psw.grad, bag.weight.grad[4])
for bad in (lambda: F.embedding_bag(indices, weight), lambda: F.embedding_bag(indices, weight, offsets, mode="mean",
                                                                             per_sample_weights=psw)):
    try:
        bad()
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
points = torch.tensor([[0.0, 1.0], [1.0, 1.0], [3.0, -1.0], [0.0, 1.0]], requires_grad=True)
d = F.pdist(points)
d.sum().backward()
print(d, torch.pdist(points.detach(), p=1), d.grad_fn.name(), points.grad)
