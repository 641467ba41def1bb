# pdist subtracts the rows of each pair: it multiplied the input by a matrix of +1, -1 and 0, so an inf
# or a nan in one row (0 * inf is nan) made the distance of every pair nan (exit 0).
import torch

print(torch.pdist(torch.tensor([[0.], [1.], [float("inf")]])))
print(torch.nn.functional.pdist(torch.tensor([[0., 1.], [2., float("nan")], [1., 1.]])))
print(torch.pdist(torch.tensor([[0., 1.], [float("-inf"), 5.], [1., 1.], [2., 2.]]), p=1))
print(torch.pdist(torch.tensor([[0., 1.], [float("inf"), 5.], [1., 1.]]), p=float("inf")))
print(torch.pdist(torch.tensor([[0., 1.], [float("inf"), 5.], [1., 1.]]), p=0))
y = torch.tensor([[0., 1.], [2., 5.], [1., 1.]], requires_grad=True)
d = torch.pdist(y)
d.sum().backward()
print(d, y.grad)
