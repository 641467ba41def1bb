import torch

# The handles hook registrations return print as torch's objects do (addresses masked by the test)
x = torch.tensor([1., 2.], requires_grad=True)
h = x.register_hook(lambda g: g * 2)
print(h, type(h))
print(x.register_post_accumulate_grad_hook(lambda p: None))
y = x * 3
print(y.grad_fn.register_hook(lambda gi, go: None), y.grad_fn.register_prehook(lambda go: None))
m = torch.nn.Linear(1, 1)
print(m.register_forward_hook(lambda *a: None), m.register_full_backward_hook(lambda *a: None))
print(m.register_forward_pre_hook(lambda *a: None))
multi = torch.autograd.graph.register_multi_grad_hook([x], lambda grads: print("all ready", grads))
print(multi)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
print(opt.register_step_pre_hook(lambda *a: None))
print(torch.no_grad(), torch.enable_grad(), torch.set_grad_enabled(False), torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t))
with h:
    y.sum().backward(retain_graph=True)
print(x.grad)
multi.remove()
x.grad = None
y.sum().backward()
print(x.grad)
