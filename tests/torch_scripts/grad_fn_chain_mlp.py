import torch

w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([0.5, -0.5], requires_grad=True)
x = torch.tensor([1.0, -1.0])
h = torch.relu(x @ w + b)
loss = (h ** 2).mean()
def walk(fn, depth):
    if fn is None:
        return
    print("  " * depth + type(fn).__name__)
    for nxt, _ in fn.next_functions:
        walk(nxt, depth + 1)
walk(loss.grad_fn, 0)
print(loss.grad_fn.next_functions)
