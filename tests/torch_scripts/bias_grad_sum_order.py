# A batch's bias gradient, summed over the batch in torch's order: nn.Linear and the functional form,
# printed to the last digit (the columns past the last group of 32 add four interleaved rows at a time)
import torch

torch.manual_seed(0)
for batch in (2, 3, 5, 8, 13, 16):
    layer = torch.nn.Linear(7, 100)
    x = torch.randn(batch, 7)
    grad_out = torch.randn(batch, 100) * 1000
    layer(x).backward(grad_out)
    print(batch, layer.bias.grad[92:].tolist())
    w = torch.randn(7, 10, requires_grad=True)
    b = torch.randn(10, requires_grad=True)
    (x @ w + b).backward(grad_out[:, :10])
    print(batch, b.grad.tolist())
    d = torch.randn(3, dtype=torch.float64, requires_grad=True)
    (torch.randn(batch, 3, dtype=torch.float64) * 1e3 + d).backward(torch.randn(batch, 3, dtype=torch.float64))
    print(batch, d.grad.tolist())
