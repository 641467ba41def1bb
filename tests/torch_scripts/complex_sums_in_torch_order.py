# Sums and means of complex tensors at full precision: torch's CPU reduction order (vectors of 4
# complex64 or 2 complex128, accumulated in rows and cascaded), not numpy's pairwise order.
import torch

torch.manual_seed(0)
for dtype in (torch.complex64, torch.complex128):
    a = torch.randn(7, 300, dtype=dtype)
    print(a.sum().item(), a.mean().item())
    print(a.sum(1)[:3].tolist(), a.sum(0)[:3].tolist(), a.mean(1, keepdim=True)[:2].tolist())
    b = torch.randn(5, 6, 40, dtype=dtype)
    print(b.sum((0, 2)).tolist())
    print(b.sum(1)[0, :4].tolist())
    print(torch.randn(3, dtype=dtype).sum().item(), torch.randn(9000, dtype=dtype).sum().item())
    z = torch.randn(100, dtype=dtype, requires_grad=True)
    loss = (z * z.conj()).real.sum()
    print(loss.item(), (z.abs() ** 2).sum().item())
