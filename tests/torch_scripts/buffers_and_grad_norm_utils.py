"""nn.Buffer (persistent or not) registered by assignment, beside a Parameter; nn.utils.get_total_norm and
clip_grads_with_norm_, the two halves of clip_grad_norm_."""
import torch
import torch.nn as nn
class RunningStat(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.mean = nn.Buffer(torch.zeros(n))
        self.count = nn.Buffer(torch.tensor(0), persistent=False)
        self.scale = nn.Parameter(torch.ones(n))
    def forward(self, x):
        with torch.no_grad():
            self.count += x.shape[0]
            self.mean += (x.mean(0) - self.mean) * x.shape[0] / self.count
        return (x - self.mean) * self.scale
m = RunningStat(3)
print(m(torch.arange(6.).view(2, 3)), m.mean, m.count)
print(list(m.state_dict().keys()), [n for n, _ in m.named_buffers()], [n for n, _ in m.named_parameters()])
print(isinstance(m.mean, nn.Buffer), isinstance(torch.ones(1), nn.Buffer), isinstance(m.mean, torch.Tensor))
b = nn.Buffer(torch.ones(2, requires_grad=True))
print(b, b.requires_grad, b.is_leaf)
m.mean = torch.full((3,), 7.0)
print(m.mean, list(m.state_dict().keys()))
m.extra = nn.Buffer(torch.ones(1))
print(sorted(m.state_dict().keys()), m)
m2 = RunningStat(3)
print(m2.load_state_dict(m.state_dict(), strict=False))
print(m.to(torch.float64).mean.dtype, m.count.dtype)
from torch.nn.utils import get_total_norm, clip_grads_with_norm_, clip_grad_norm_
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
x, y = torch.randn(16, 4), torch.randn(16, 2)
(nn.functional.mse_loss(model(x), y) * 50).backward()
grads = [p.grad for p in model.parameters() if p.grad is not None]
total = get_total_norm(grads, norm_type=2.0)
print(total, get_total_norm(grads, norm_type="inf"), get_total_norm(grads, 1), get_total_norm([]))
clip_grads_with_norm_(model.parameters(), max_norm=1.0, total_norm=total)
print(f"{get_total_norm([p.grad for p in model.parameters()]).item():.4f}")
print(model[2].bias.grad)
clip_grads_with_norm_(model.parameters(), 5.0, get_total_norm([p.grad for p in model.parameters()]))
print(model[2].bias.grad)
print(clip_grad_norm_(model.parameters(), 0.5, norm_type=3), model[2].bias.grad)
print(get_total_norm(torch.tensor([3.0, 4.0])), get_total_norm([torch.tensor([3.0, float('nan')])]))
try:
    get_total_norm([torch.tensor([float('inf')])], error_if_nonfinite=True)
except RuntimeError as e:
    print(e)
print(clip_grad_norm_([torch.zeros(2, requires_grad=True)], 1.0))
