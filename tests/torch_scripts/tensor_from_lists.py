import torch

data = [[1, 2, 3], [4, 5, 6]]
t = torch.tensor(data)
print(t, t.shape, t.dtype)
f = torch.tensor(data, dtype=torch.float32)
print(f.mean(), f.mean(dim=0))
print(torch.tensor([[1.0, 2], [3, 4]]))
print(torch.tensor(5.0), torch.tensor([5.0]), torch.tensor([]).shape)
print(torch.as_tensor([1.5, 2.5]))
nested = torch.tensor([[[1.0]], [[2.0]]])
print(nested.shape, nested.squeeze(), nested.ndim)
print(torch.zeros(2, 2, dtype=torch.bool))
print(torch.arange(1, 10, 2), torch.arange(10, 0, -3))
print(torch.linspace(-1, 1, steps=3), torch.logspace(0, 2, 3))
print(torch.full((2,), True), torch.full((1, 2), 3))
print(torch.eye(2, 3), torch.ones(2, 1) * torch.arange(3))
print(torch.tensor(2) ** 10, torch.tensor(7) // 2, torch.tensor(7) % 3, -torch.tensor(7) // 2)
print(torch.tensor([1, 2]) / torch.tensor([2, 4]))
