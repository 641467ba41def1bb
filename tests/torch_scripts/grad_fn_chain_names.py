import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
ops = [a.sin(), a.exp(), a.log(), a.sqrt(), a.tanh(), a.sigmoid(), a.abs(), a.t() if a.dim() == 2 else a.view(3, 1), a.sum(), a.mean(), a[1:], a.unsqueeze(0), a.expand(2, 3), a.clone(), a.pow(2), a / 2, a - 1, -a]
for o in ops:
    print(o.grad_fn.name())
print([type(f).__name__ for f, _ in (a * a).grad_fn.next_functions])
seen = []
fn = (a.exp() * a.sin()).sum().grad_fn
stack = [fn]
order = []
while stack:
    f = stack.pop()
    if f is None or f in seen:
        continue
    seen.append(f)
    order.append(f.name())
    stack.extend(n for n, _ in f.next_functions)
print(order)
