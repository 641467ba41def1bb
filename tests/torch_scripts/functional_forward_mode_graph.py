# autograd.functional's forward-mode Jacobian keeps the graph of a captured tensor that requires
# grad (torch's split, permute, reshape); is_grads_batched messages; 0-d tangents print as numbers.
import torch
import torch.autograd.forward_ad as fwAD
from torch.autograd.functional import hessian, jacobian

w = torch.tensor([[0.5, -0.5, 1.0], [2.0, 0.0, -1.0]], requires_grad=True)
x = torch.tensor([1.0, 2.0, -1.0])
J = jacobian(lambda t: torch.tanh(w @ t), x, vectorize=True, strategy="forward-mode")
print(J)
J.sum().backward()
print(w.grad)
print(jacobian(lambda t: t.sin(), x, vectorize=True, strategy="forward-mode"))
print(hessian(lambda t: (t ** 3).sum(), x, vectorize=True, outer_jacobian_strategy="forward-mode"))

y = x.clone().requires_grad_() ** 2
for go in (torch.ones(3), torch.ones(2, 2)):
    try:
        torch.autograd.grad(y, y, go, is_grads_batched=True, retain_graph=True)
    except RuntimeError as e:
        print("RuntimeError:", e)

with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 1.0]))
    print((d * 2).sum())
    print(d[0], (d * d).sum())
