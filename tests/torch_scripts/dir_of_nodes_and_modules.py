# dir() as tutorials use it: the saved values of a node ([a for a in dir(fn) if a.startswith("_saved")]),
# a module's members, a namespace's names.
import torch
import torch.nn as nn

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x * x.exp()).sum()
for fn in [y.grad_fn, y.grad_fn.next_functions[0][0], x.exp().grad_fn, torch.softmax(x, 0).grad_fn,
           (x @ x).grad_fn, x.pow(2).grad_fn, nn.functional.linear(x, torch.ones(2, 3)).grad_fn]:
    saved = [a for a in dir(fn) if a.startswith("_saved")]
    print(fn.name(), saved, [getattr(fn, a) for a in saved if a.endswith("sizes") or a.endswith("dim")])
print([a for a in dir(x) if a.startswith("retain")], "register_hook" in dir(x))
lin = nn.Linear(2, 2)
print([a for a in dir(lin) if a in ("weight", "bias", "forward", "in_features")])
print([n for n in dir(nn) if n.startswith("ReLU")], "tensor" in dir(torch))
