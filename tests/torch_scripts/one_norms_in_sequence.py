# 1-norms as torch reduces them: each output adds its |x| one after the other (a whole tensor of 32768
# elements or more in one run per thread); numpy's pairwise sums differed in the last digits
import torch
torch.manual_seed(0)
x = torch.randn(8, 300)
print(x.norm(p=1, dim=1).tolist()[:4], torch.linalg.vector_norm(x, 1).item(), x.norm(1).item(), x.norm(p=1, dim=-1, keepdim=True).shape)
y = torch.randn(100000)
print(y.norm(1).item(), torch.linalg.norm(y, 1).item(), torch.linalg.vector_norm(y, ord=1).item())
print(torch.randn(3, 4, 50).norm(p=1, dim=2)[0].tolist(), torch.randn(50, 3).norm(p=1, dim=0).tolist())
print(torch.randn(40000, dtype=torch.float64).norm(1).item(), torch.nn.functional.normalize(torch.randn(4, 64), p=1, dim=1)[0, :3].tolist())
print(torch.nn.functional.l1_loss(torch.randn(50), torch.randn(50), reduction="sum").item())
w = torch.randn(20, requires_grad=True)
l = w.norm(1)
l.backward()
print(l.item(), w.grad[:4].tolist())
