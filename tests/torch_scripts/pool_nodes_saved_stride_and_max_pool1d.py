import torch
import torch.nn as nn
import torch.nn.functional as F
# a pool's node saves the stride as given (none: an empty tuple; nn.MaxPool2d passes the kernel size);
# max_pool1d is torch's unsqueeze(-2), max_pool2d, squeeze(-2) (the dim saved unsigned)
torch.manual_seed(0)
x = torch.randn(1, 2, 6, 6, requires_grad=True)
x1 = torch.randn(1, 2, 6, requires_grad=True)
for name, f in [("max_pool2d", lambda: F.max_pool2d(x, 2)), ("max_pool2d stride 1", lambda: F.max_pool2d(x, 2, stride=1)),
                ("max_pool2d indices", lambda: F.max_pool2d(x, 2, return_indices=True)[0]),
                ("MaxPool2d", lambda: nn.MaxPool2d(2)(x)), ("MaxPool2d(3, stride=None)", lambda: nn.MaxPool2d(3, stride=None)(x)),
                ("avg_pool2d", lambda: F.avg_pool2d(x, 2)), ("avg_pool2d stride", lambda: F.avg_pool2d(x, 3, 2)),
                ("AvgPool2d", lambda: nn.AvgPool2d(2)(x)), ("avg_pool1d", lambda: F.avg_pool1d(x1, 2).grad_fn.next_functions[0][0]),
                ("max_pool1d", lambda: F.max_pool1d(x1, 2).grad_fn.next_functions[0][0])]:
    y = f()
    n = y if isinstance(y, torch.autograd.graph.Node) else y.grad_fn
    print(name, n, [(a, getattr(n, a)) for a in dir(n) if a.startswith("_saved_") and a not in ("_saved_self", "_saved_result1")])
for inp in (x1, x1[0]):
    y = F.max_pool1d(inp, 2)
    print(y.shape, y.grad_fn, y.grad_fn._saved_dim, y.grad_fn.next_functions)
    print(y.grad_fn.next_functions[0][0].next_functions[0][0]._saved_dim)
    y, i = F.max_pool1d(inp, 3, stride=2, return_indices=True)
    print(y.grad_fn, i, i.grad_fn)
    y.sum().backward()
print(x1.grad)
