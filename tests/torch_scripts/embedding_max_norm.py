import torch
import torch.nn.functional as F

# max_norm renormalizes, in place, the rows an embedding looks up whose norm exceeds it (weight's
# version moves); gradients then flow through the renormalized rows.
w = torch.tensor([[3.0, 4.0], [0.3, 0.4], [1.0, 1.0], [6.0, 8.0]], requires_grad=True)
idx = torch.tensor([[0, 2], [0, 3]])
y = F.embedding(idx, w, max_norm=1.0)
print(y)
print(w)
print(w._version)
y.sum().backward()
print(w.grad)

emb = torch.nn.Embedding(4, 2, max_norm=1.0, norm_type=1.0)
print(emb)
with torch.no_grad():
    emb.weight.copy_(torch.tensor([[3.0, 4.0], [0.3, 0.4], [1.0, 1.0], [6.0, 8.0]]))
out = emb(torch.tensor([1, 2, 3]))
print(out)
print(emb.weight)
print(torch.nn.Embedding(4, 2, padding_idx=0, max_norm=2.0, norm_type=float("inf"), scale_grad_by_freq=True))
v = torch.tensor([[3.0, 4.0], [0.5, 0.5]], requires_grad=True)
z = F.embedding(torch.tensor([0, 1]), v, max_norm=2.0, norm_type=float("inf"))
print(z)
(z * z).sum().backward()
print(v.grad)
