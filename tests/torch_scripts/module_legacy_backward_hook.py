import torch
import torch.nn as nn
# Module.register_backward_hook (deprecated, non-full): the hook sees the gradients of the node that
# made the module's output, here AddmmBackward0's (bias, input, weight.T), and may replace them.
m = nn.Linear(2, 2)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[1., 2.], [3., 4.]]))
    m.bias.zero_()
def old_hook(mod, grad_input, grad_output):
    print(type(mod).__name__, [None if g is None else g for g in grad_input], grad_output)
h = m.register_backward_hook(old_hook)
x = torch.tensor([[1., -1.]], requires_grad=True)
m(x).sum().backward()
print(x.grad, m.weight.grad)
h.remove()
m(x).sum().backward()
print(x.grad)
def halve(mod, grad_input, grad_output):
    return tuple(None if g is None else g / 2 for g in grad_input)
m.zero_grad()
x.grad = None
m.register_backward_hook(halve)
m(x).sum().backward()
print(x.grad, m.bias.grad)
