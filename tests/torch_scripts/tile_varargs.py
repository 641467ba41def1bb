import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
for t in [x.tile(2), x.tile(2, 2), x.tile((2,)), torch.tile(x, (1, 2)), x.tile([1, 2, 2])]:
    print(t.shape, t.grad_fn)
y = x.tile(2, 3)
(y * torch.arange(36.).view(4, 9)).sum().backward()
print(x.grad)
