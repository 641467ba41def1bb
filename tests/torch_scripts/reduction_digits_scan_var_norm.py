import torch
# full-precision digits of float32 var/std over a dim, scans and 2-norms (torch accumulates in double / in lanes)
torch.manual_seed(0)
x = torch.randn(100, 3)
print(x.var().item(), x.std().item(), x.var(0).tolist(), x.std(1)[:4].tolist(), x.var(1, unbiased=False)[:3].tolist())
print(torch.var_mean(x, 0), torch.std_mean(x))
print(x.cumsum(0)[-1].tolist(), x.cumprod(1)[:3].tolist(), x.flatten().cumsum(0)[-5:].tolist())
y = torch.randn(1000)
print(y.var().item(), y.std().item(), y.mean().item(), y.sum().item(), y.norm().item())
torch.manual_seed(1)
for shape in [(100,), (1000,), (37,), (4, 50), (3, 9), (2, 3, 20), (5,), (3, 4)]:
    x = torch.randn(*shape)
    print(x.norm().item(), torch.linalg.norm(x).item(), torch.linalg.vector_norm(x, keepdim=True).shape,
          x.norm(dim=-1, keepdim=True).shape, x.double().norm().item())
    if x.ndim > 1:
        print(x.norm(dim=-1).flatten().tolist()[:3], x.norm(dim=0).flatten().tolist()[:2])
x = torch.randn(8, 8, requires_grad=True)
n = x.norm()
n.backward()
print(n.item(), x.grad.sum().item())
print(torch.nn.functional.normalize(torch.randn(3, 10), dim=-1).tolist()[0][:3])
print(torch.linalg.vector_norm(torch.randn(2, 30), dim=1, keepdim=True))
