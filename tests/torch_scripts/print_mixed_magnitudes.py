import torch

print(torch.tensor([1e-8, 1.0, 1e8]))
print(torch.tensor([0.001, 12345.678]))
print(torch.tensor([[1e-3, 2.0], [3.0, 4e5]]))
print(torch.tensor([1e20, -1e-20, 0.0]))
print(torch.tensor([0.5, 1e-10], requires_grad=True))
print(torch.tensor([1.0, 2.0, 3.0]) * 1e-6)
print(torch.tensor([123.456, -0.0001]))
print(torch.tensor([99999.0, 100000.0, 1e6]))
