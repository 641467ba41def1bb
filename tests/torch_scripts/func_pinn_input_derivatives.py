import torch
import torch.nn as nn
from torch.func import vmap, grad, jacrev, jacfwd, hessian

# A physics-informed network's derivatives with respect to its inputs, per point, with the model's
# parameters still requiring grad (the residual loss trains them): the per-point input gradient of a
# model whose first layer sees a 1-d input comes from squeezing under vmap (SqueezeBackward2).
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))


def u(x):
    return model(x).squeeze(-1)


pts = torch.rand(5, 2)
du = vmap(grad(u))(pts)
print(du)
print(vmap(jacrev(u))(pts).grad_fn is not None)
H = vmap(hessian(u))(pts)
print(H.shape, H[0])
lap = vmap(lambda x: torch.trace(hessian(u)(x)))(pts)
print(lap)
lap2 = vmap(lambda x: torch.diagonal(jacfwd(jacrev(u))(x)).sum())(pts)
print(torch.allclose(lap, lap2, atol=1e-6))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for it in range(3):
    x = torch.rand(16, 2)
    lap = vmap(lambda p: torch.trace(hessian(u)(p)))(x)
    f = torch.sin(torch.pi * x[:, 0]) * torch.sin(torch.pi * x[:, 1])
    loss = ((lap + f) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, round(loss.item(), 5))
print(model[0].bias.grad)


def net_t(t, xx):
    return model(torch.stack([t, xx])).squeeze()


ut = vmap(grad(net_t, argnums=0))(pts[:, 0], pts[:, 1])
uxx = vmap(grad(grad(net_t, argnums=1), argnums=1))(pts[:, 0], pts[:, 1])
print(ut, uxx.detach())
