import torch
import torch.nn as nn
mods = [nn.GLU(), nn.Hardshrink(0.3), nn.Softshrink(), nn.Tanhshrink(), nn.Threshold(0.1, 20.0), nn.CosineSimilarity(),
        nn.PairwiseDistance(), nn.MarginRankingLoss(margin=0.1), nn.HingeEmbeddingLoss(), nn.SoftMarginLoss(),
        nn.CosineEmbeddingLoss(), nn.PoissonNLLLoss(), nn.GaussianNLLLoss(), nn.TripletMarginLoss(swap=True),
        nn.MultiLabelSoftMarginLoss()]
print(mods)
a = torch.sin(torch.arange(8.)).reshape(2, 4)
b = torch.cos(torch.arange(8.)).reshape(2, 4)
print(mods[0](a), mods[1](a), mods[4](a), mods[5](a, b), mods[6](a, b))
print(mods[7](a[:, 0], b[:, 0], torch.tensor([1., -1.])), mods[8](a, torch.ones(2, 4)), mods[10](a, b, torch.tensor([1., -1.])))
print(mods[11](a, b.abs()), mods[12](a, b, torch.ones(2, 4)), mods[13](a, b, a.flip(0)), mods[14](a, (b > 0).float()))
