import torch

loss = torch.tensor(0.123456, requires_grad=True) * 2
print(f"loss = {loss:.3f}")
print(f"loss = {loss.item():.5f}")
print(f"tensor: {loss}")
w = torch.tensor([1.0, 2.0])
print(f"w = {w}")
print(f"norm {w.norm():.4f} and sum {w.sum()}")
print("value:", loss.item(), type(loss.item()).__name__)
print(w.tolist(), type(w.tolist()).__name__)
print(int(torch.tensor(7)), float(torch.tensor(2.5)))
n = torch.tensor(3)
print(n.item() + 1, int(n) * 2)
print(str(w), repr(w))
print("{:.2f}".format(loss.item()))
print(f"{w.shape} {w.dtype} {w.numel()} {w.dim()}")
print(bool(torch.tensor(1.0)), bool(torch.tensor(0)))
print(len(w), w.size(0), w.size())
