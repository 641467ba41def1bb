# torch.add/torch.sub with alpha: one node that keeps alpha (1 unless given), edges straight to the inputs.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, -1.0], requires_grad=True)
for z in (x + y, torch.add(x, y, alpha=2), x - y, torch.sub(x, y, alpha=3), x - 2, x + 2, torch.sub(x, 2, alpha=0.5),
          x.add(y, alpha=-1.5)):
    print(z, z.grad_fn.name(), z.grad_fn._saved_alpha, [type(f).__name__ if f is not None else None
                                                         for f, _ in z.grad_fn.next_functions])
out = torch.add(x, y, alpha=2).sum() + torch.sub(x, y, alpha=3).pow(2).sum()
out.backward()
print(x.grad, y.grad)
i = torch.tensor([1, 2])
print(torch.add(i, i, alpha=3))
try:
    torch.add(i, i, alpha=0.5)
except RuntimeError as e:
    print(e)
