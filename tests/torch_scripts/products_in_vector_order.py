# products in torch's order: four 32-byte vector accumulators over whole blocks, multiplied pairwise, the
# lanes in order, then the tail one by one; float16 rounds after every step; 32768 elements and more
# split across torch's threads
import torch
torch.manual_seed(0)
for dt in (torch.float16, torch.float32, torch.float64):
    for n in (5, 31, 33, 64, 100, 1000, 5000):
        x = (torch.rand(n) * 0.2 + 0.9).to(dt)
        print(dt, n, x.prod().item(), x.reshape(1, n).prod(1).item(), x.prod(0).item())
x = (torch.rand(6, 70) * 0.2 + 0.9)
print(x.prod(1).tolist())
print(x.prod(0)[:5].tolist())
print(x.t().prod(0)[:3].tolist(), x[:, ::2].prod().item())
y = (torch.rand(64) * 4 + 0.1).half()
print(y[:10].prod(), y[:10].prod().item(), y.reshape(8, 8).prod(1), (torch.rand(40000) * 0.02 + 0.99).prod().item())
z = torch.rand(3, 50, dtype=torch.float64, requires_grad=True)
p = z.prod(1)
p.sum().backward()
print(p, z.grad[0, :3])
