# BatchNorm in training and eval, printed at full precision: outputs, input gradients, the gradients
# of the weight and bias, running statistics (momentum=None's cumulative average too), and a few
# optimizer steps on the normalization's own parameters with loss.item() each step.
import torch
import torch.nn as nn

torch.manual_seed(0)
bn = nn.BatchNorm1d(6)
x = (torch.randn(8, 6) * 2 + 0.3).requires_grad_(True)
out = bn(x)
out.backward(torch.randn(8, 6))
print(out[0].tolist())
print(x.grad[0].tolist(), bn.weight.grad.tolist(), bn.bias.grad.tolist())
print(bn.running_mean.tolist(), bn.running_var.tolist(), bn.num_batches_tracked.item())

bn2 = nn.BatchNorm2d(3)
images = (torch.randn(4, 3, 4, 4) * 1.5 - 0.2).requires_grad_(True)
y = bn2(images)
(y * y).sum().backward()
print(y.flatten()[:8].tolist(), images.grad.flatten()[:8].tolist())
print(bn2.weight.grad.tolist(), bn2.bias.grad.tolist(), bn2.running_var.tolist())
bn2.eval()
print(bn2(images).flatten()[:6].tolist())

cumulative = nn.BatchNorm1d(3, momentum=None, affine=False)
for _ in range(3):
    cumulative(torch.randn(5, 3))
print(cumulative.running_mean.tolist(), cumulative.running_var.tolist())

torch.manual_seed(1)
norm = nn.BatchNorm1d(4)
opt = torch.optim.SGD(norm.parameters(), lr=0.5, momentum=0.9)
for step in range(4):
    batch = torch.randn(16, 4) * 3 + 1
    loss = (norm(batch) - 0.5).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: {loss.item()}", norm.weight.tolist())
norm.eval()
print(norm(torch.ones(2, 4)).tolist(), norm.running_var.tolist())
