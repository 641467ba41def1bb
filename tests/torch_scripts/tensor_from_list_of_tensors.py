import torch

# torch.tensor of a list of tensors: each innermost tensor is a number (it must hold one element)
T = torch.tensor
for data in [[T([1.]), T([2.])], [T([1., 2.]), T([3., 4.])], [T([[1.]]), T([[2.]])], [T([1.]), 2.0],
             [[T([1.])], [T([2.])]], [T(1.), T(2)], [T([1.]), T([2., 3.])], (T([5]),), [T([True])],
             [T(1.5), T(2)], [T([1]), 2.5], [T(True), T(3)], [T(1, dtype=torch.int8), T(2, dtype=torch.int8)],
             [T(1.0, dtype=torch.float64)]]:
    try:
        made = torch.tensor(data)
        print(made, made.shape, made.dtype)
    except ValueError as e:
        print("ValueError:", e)

# the usual way it happens: losses collected as one-element tensors
w = torch.tensor([1.0, 2.0], requires_grad=True)
losses = [(w * i).sum().view(1) for i in range(3)]
print(torch.tensor(losses), torch.tensor(losses).requires_grad)
print(torch.tensor([torch.tensor([0.5]) * i for i in range(3)]))
print(torch.as_tensor([T([1.]), T([2.])]), torch.Tensor([T([1.]), T([2.])]))
print(torch.tensor([[torch.tensor(1), 2], [3, torch.tensor([4])]]))

# a range is a sequence too
print(torch.tensor(range(3)), torch.tensor([range(2), range(2)]), torch.tensor(range(0)))
print(torch.tensor(range(1, 7, 2), dtype=torch.float32), torch.Tensor(range(3)), torch.as_tensor(range(2)))
