import torch

ws = [torch.tensor(float(i), requires_grad=True) for i in range(1, 4)]
loss = sum(w ** 2 for w in ws)
print(loss)
loss.backward()
print([w.grad for w in ws])
rows = [torch.arange(3.0) * i for i in range(3)]
m = torch.stack(rows)
print(m)
print([r.sum().item() for r in rows])
pairs = dict(zip(["a", "b", "c"], [t.mean() for t in rows]))
print(pairs)
flat = torch.cat([r[r > 0] for r in rows])
print(flat)
print(len([t for t in torch.ones(4, 2)]))
