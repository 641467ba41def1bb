import torch
# logsumexp printed to the last digit: torch takes exp(x - max), sums in its order, then log and
# adds the max back
torch.manual_seed(0)
for n in (3, 10, 100, 250):
    x = torch.randn(n)
    print(n, x.logsumexp(0).item(), torch.logsumexp(x.view(-1, 1), 0).item(), x.exp().sum().log().item())
for shape in [(7, 3), (4, 10), (2, 30)]:
    y = torch.randn(*shape) * 3
    print(y.logsumexp(1).tolist(), y.logsumexp(0)[:3].tolist(), y.logsumexp((0, 1)).item())
    print(y.logsumexp(-1, keepdim=True).squeeze(1).tolist())
w = torch.randn(5, requires_grad=True)
energy = -torch.logsumexp(w * 2.5, 0)
energy.backward()
print(energy.item(), w.grad.tolist())
print(torch.logsumexp(torch.tensor([1000.0, 1000.5]), 0).item(), torch.logsumexp(torch.tensor([-1e4, -1e4 + 1]), 0).item())
print(torch.logsumexp(torch.tensor([float('-inf'), float('-inf')]), 0), torch.logsumexp(torch.tensor([float('inf'), 1.]), 0))
print(torch.logsumexp(torch.randn(3, 4, dtype=torch.float64), 1).tolist())
