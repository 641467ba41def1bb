# An SN-GAN step: the older hook-based spectral_norm on convolutions and a linear layer (weight_u updated
# in place by each training-mode call), a generator with parametrizations.weight_norm, hinge losses, Adam.
import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm
torch.manual_seed(0)
D = nn.Sequential(
    spectral_norm(nn.Conv2d(1, 4, 3, stride=2, padding=1)), nn.LeakyReLU(0.2),
    spectral_norm(nn.Conv2d(4, 8, 3, stride=2, padding=1)), nn.LeakyReLU(0.2),
    nn.Flatten(), spectral_norm(nn.Linear(8 * 2 * 2, 1)))
G = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.utils.parametrizations.weight_norm(nn.Linear(16, 64)), nn.Tanh())
print(D)
optD = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.9))
optG = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.9))
for it in range(3):
    real = torch.randn(5, 1, 8, 8)
    fake = G(torch.randn(5, 4)).view(5, 1, 8, 8)
    d_loss = torch.relu(1 - D(real)).mean() + torch.relu(1 + D(fake.detach())).mean()
    optD.zero_grad(); d_loss.backward(); optD.step()
    g_loss = -D(fake).mean()
    optG.zero_grad(); g_loss.backward(); optG.step()
    print(it, f"{d_loss.item():.5f} {g_loss.item():.5f}", D[0].weight_u[:3])
print([n for n, _ in D.named_parameters()][:4], list(D.state_dict().keys())[:6])
D.eval()
print(D(torch.ones(1, 1, 8, 8)))
