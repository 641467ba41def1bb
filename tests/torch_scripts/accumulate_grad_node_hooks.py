# Hooks on a leaf's AccumulateGrad node: the leaf's own hooks run first, then the node's pre-hooks,
# the accumulation, the post-accumulate hooks and the node's post-hooks (grad_inputs is empty).
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda g: g * 2)
acc = (x * 1).grad_fn.next_functions[0][0]
print(acc, acc.variable is x)
acc.register_prehook(lambda grad_outputs: print("node pre-hook", grad_outputs))
acc.register_hook(lambda grad_inputs, grad_outputs: print("node post-hook", grad_inputs, grad_outputs))
x.register_post_accumulate_grad_hook(lambda t: print("post-accumulate", t.grad))
(x * 5).sum().backward()
print(x.grad)

acc.register_hook(lambda grad_inputs, grad_outputs: (grad_outputs[0],))
try:
    (x * 5).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(x.grad)
