# A beginner's mistake: a numpy array, a list or a number where torch wants a tensor. torch refuses
# each with a TypeError naming the function (an AttributeError for F.softmax, which calls x.softmax).
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
features = np.array([[1.0, 2.0]])
attempts = [
    ("model(array)", lambda: model(features)),
    ("model(list)", lambda: model([[1.0, 2.0]])),
    ("F.relu(list)", lambda: F.relu([1.0])),
    ("torch.relu(array)", lambda: torch.relu(np.ones(2))),
    ("nn.ReLU()(array)", lambda: nn.ReLU()(np.ones(2))),
    ("torch.sigmoid(float)", lambda: torch.sigmoid(1.0)),
    ("torch.tanh(list)", lambda: torch.tanh([0.5])),
    ("nn.Tanh()(float)", lambda: nn.Tanh()(0.5)),
    ("F.softmax(list, dim=0)", lambda: F.softmax([1.0, 2.0], dim=0)),
    ("F.log_softmax(array, 1)", lambda: F.log_softmax(features, 1)),
    ("F.cross_entropy(target list)", lambda: F.cross_entropy(torch.randn(2, 3), [0, 1])),
    ("nn.Embedding(list)", lambda: nn.Embedding(3, 2)([0, 1])),
    ("torch.exp(int)", lambda: torch.exp(2)),
    ("F.mse_loss(output, array)", lambda: F.mse_loss(torch.ones(2), np.ones(2))),
    ("nn.MSELoss()(output, list)", lambda: nn.MSELoss()(torch.ones(2), [1.0, 1.0])),
    ("F.l1_loss(array, target)", lambda: F.l1_loss(np.ones(2), torch.ones(2))),
    ("nn.BCELoss()(output, float)", lambda: nn.BCELoss()(torch.full((1,), 0.5), 1.0)),
    ("F.binary_cross_entropy_with_logits(list, target)",
     lambda: F.binary_cross_entropy_with_logits([0.5], torch.ones(1))),
]
for what, attempt in attempts:
    try:
        print(what, "->", attempt())
    except Exception as e:
        print(what, "->", type(e).__name__, e)
# the fix: torch.from_numpy / torch.tensor (float32 for a model's float32 weights)
print(model(torch.from_numpy(features).float()))
print(torch.relu(torch.tensor([-1.0, 2.0])))
