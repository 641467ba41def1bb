# The legacy size_average/reduce of loss modules (nn.MSELoss(size_average=False), the old tutorials'
# sum of squares) and of F.cross_entropy: gradcli's modules dropped them and F.cross_entropy passed
# its reduction string on, so each returned the mean (exit 0). Positional arguments follow torch's
# order (nn.HuberLoss("sum") is a reduction; nn.MSELoss(False) is size_average).
import torch
import torch.nn as nn
import torch.nn.functional as F

a = torch.tensor([[0.2, 0.8, 0.1], [0.6, 0.4, 0.3]])
b = torch.tensor([[0.3, 0.7, 0.2], [0.5, 0.5, 0.1]])
labels = torch.tensor([2, 0])
sign = torch.tensor([1.0, -1.0])

print(nn.MSELoss(size_average=False)(a, b))
print(nn.MSELoss(reduce=False)(a, b))
print(nn.MSELoss(False)(a, b))
print(nn.MSELoss(size_average=False).reduction, nn.MSELoss(reduce=False, reduction="sum").reduction)
print(nn.L1Loss(size_average=False)(a, b))
print(nn.SmoothL1Loss(reduce=False)(a, b))
print(nn.HuberLoss("sum")(a, b))
print(nn.BCELoss(None, False)(a, b))
print(nn.BCEWithLogitsLoss(size_average=False)(a, b))
print(nn.NLLLoss(size_average=False)(a.log(), labels))
print(nn.NLLLoss(None, None, 0, False)(a.log(), labels))
print(nn.CrossEntropyLoss(size_average=False)(a, labels))
print(nn.CrossEntropyLoss(reduce=False)(a, labels))
print(nn.KLDivLoss(reduce=False)(a.log(), b))
print(nn.MarginRankingLoss(0.1, False)(a[0, :2], a[1, :2], sign))
print(nn.HingeEmbeddingLoss(size_average=False)(a, torch.ones(2, 3)))
print(nn.SoftMarginLoss(reduce=False)(a, torch.ones(2, 3)))
print(nn.CosineEmbeddingLoss(size_average=False)(a, b, sign))
print(nn.PoissonNLLLoss(True, False, False)(a, b))
print(nn.TripletMarginLoss(reduce=False)(a, b, a.flip(0)))
print(nn.MultiLabelSoftMarginLoss(size_average=False)(a, b))
print(nn.MultiMarginLoss(size_average=False)(a, labels))
print(nn.MultiLabelMarginLoss(reduce=False)(a, torch.tensor([[2, -1, 0], [0, 1, -1]])))
print(F.cross_entropy(a, labels, size_average=False))
print(F.cross_entropy(a, labels, reduce=False))
print(F.smooth_l1_loss(a, b, reduce=False, beta=0.0))
