# Training on L2-normalised embeddings, float32 and float64: every printed digit depends on the
# 2-norm over short rows (its vector lanes and its fused tail) and on the unbroadcasting sums.
import torch
import torch.nn.functional as F

for dtype in (torch.float32, torch.float64):
    torch.manual_seed(0)
    emb = torch.randn(12, 7, dtype=dtype, requires_grad=True)
    anchor = torch.randn(12, 7, dtype=dtype)
    for step in range(3):
        z = F.normalize(emb, dim=1)
        loss = (z * anchor).sum(1).pow(2).mean()
        loss.backward()
        print(step, loss.item(), z.sum().item(), emb.grad.sum().item(), emb.grad[0].tolist())
        with torch.no_grad():
            emb -= 0.5 * emb.grad
        emb.grad = None
    print(emb.norm(dim=1).tolist())
    print(torch.linalg.vector_norm(emb, dim=-1, keepdim=True).sum().item(), emb.norm().item())
