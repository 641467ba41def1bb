# torch.optim.LBFGS as the tutorials use it: a closure that re-evaluates the loss, a fixed step or the
# strong-Wolfe line search, a bounded history; the state it keeps under the first parameter.
import torch
import torch.nn as nn

# 1. a line fitted with nn.Linear, the default fixed step
x = torch.linspace(-1, 1, 20).unsqueeze(1)
y = 3 * x - 0.5 + 0.1 * torch.sin(7 * x)
model = nn.Linear(1, 1)
with torch.no_grad():
    model.weight.fill_(0.2)
    model.bias.fill_(0.1)
opt = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=5, history_size=4)


def closure():
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    return loss


for step in range(3):
    loss = opt.step(closure)
    print(step, f"{loss.item():.5f}", f"{model.weight.item():.5f}", f"{model.bias.item():.5f}")
print(opt)
state = opt.state[model.weight]
print(sorted(state))
print(state["func_evals"], state["n_iter"], len(state["old_dirs"]), state["d"].shape, state["ro"][0].dtype)

# 2. Rosenbrock's valley with the strong-Wolfe line search
p = torch.tensor([-1.2, 1.0], requires_grad=True)
opt = torch.optim.LBFGS([p], line_search_fn="strong_wolfe", max_iter=50)


def rosenbrock():
    opt.zero_grad()
    loss = (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
    loss.backward()
    return loss


first = opt.step(rosenbrock)
print(f"{first.item():.4f}", p.detach().round(decimals=4))
print(f"{rosenbrock().item():.6f}")

# 3. a small two-layer fit, several outer steps, as a curve-fitting tutorial does
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
with torch.no_grad():
    for i, q in enumerate(net.parameters()):
        q.copy_(0.3 * torch.cos(torch.arange(q.numel()).float() + i).reshape(q.shape))
opt = torch.optim.LBFGS(net.parameters(), lr=1, max_iter=10, line_search_fn="strong_wolfe")
xs = torch.linspace(-2, 2, 30).unsqueeze(1)
ys = torch.sin(xs)


def fit():
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(xs), ys)
    loss.backward()
    return loss


for step in range(3):
    print(step, f"{opt.step(fit).item():.4f}")
print(f"{fit().item():.4f}")

# 4. what torch checks
try:
    torch.optim.LBFGS([{"params": [p]}, {"params": [torch.zeros(1, requires_grad=True)]}])
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.LBFGS([p], line_search_fn="armijo").step(rosenbrock)
except RuntimeError as e:
    print("RuntimeError:", e)
