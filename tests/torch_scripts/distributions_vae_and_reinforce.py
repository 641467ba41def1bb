import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal, Bernoulli, kl_divergence, Independent, Categorical

torch.manual_seed(42)

class VAE(nn.Module):
    def __init__(self, d_in=8, d_z=2):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d_in, 16), nn.ReLU(), nn.Linear(16, 2 * d_z))
        self.dec = nn.Sequential(nn.Linear(d_z, 16), nn.ReLU(), nn.Linear(16, d_in))

    def forward(self, x):
        mu, log_var = self.enc(x).chunk(2, dim=-1)
        q = Independent(Normal(mu, (0.5 * log_var).exp()), 1)
        z = q.rsample()
        logits = self.dec(z)
        p_x = Independent(Bernoulli(logits=logits), 1)
        prior = Independent(Normal(torch.zeros_like(mu), torch.ones_like(mu)), 1)
        return p_x.log_prob(x), kl_divergence(q, prior)

data = (torch.rand(32, 8) > 0.5).float()
model = VAE()
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(5):
    rec, kl = model(data)
    loss = -(rec - kl).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: loss={loss.item():.4f} rec={rec.mean().item():.4f} kl={kl.mean().item():.4f}")

# REINFORCE on a 3-armed bandit
logits = torch.zeros(3, requires_grad=True)
opt = torch.optim.SGD([logits], lr=0.1)
rewards = torch.tensor([0.1, 0.5, 0.9])
for step in range(30):
    dist = Categorical(logits=logits)
    a = dist.sample((16,))
    loss = -(dist.log_prob(a) * rewards[a]).mean()
    opt.zero_grad(); loss.backward(); opt.step()
print(torch.softmax(logits, 0), dist.entropy())
