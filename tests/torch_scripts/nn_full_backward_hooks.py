# Module.register_full_backward_hook / register_full_backward_pre_hook: when they fire, what they
# see, replacing grad_input, and the BackwardHookFunctionBackward nodes torch puts in the graph.
import torch
torch.manual_seed(0)
m = torch.nn.Linear(2, 1)
with torch.no_grad():
    m.weight.copy_(torch.tensor([[0.5, -1.0]])); m.bias.fill_(0.1)
h = m.register_full_backward_hook(lambda mod, gi, go: print('hook', type(mod).__name__, gi, go))
x = torch.ones(3, 2, requires_grad=True)
y = m(x)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
h.remove()
m.register_full_backward_hook(lambda mod, gi, go: (gi[0] * 10,))
m.register_full_backward_pre_hook(lambda mod, go: print('pre', go))
x2 = torch.ones(1, 2, requires_grad=True)
m(x2).sum().backward()
print(x2.grad)
seq = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Tanh())
seq[1].register_full_backward_hook(lambda mod, gi, go: print('tanh', [g.shape for g in gi], [g.shape for g in go]))
seq(torch.ones(4, 2)).sum().backward()
