import torch
# assigning a tensor's computed attributes fails with Python's words; a walrus may be an item of a
# list, tuple or set display
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
for attr, val in [("grad_fn", None), ("is_leaf", True), ("shape", (2,)), ("dtype", torch.float64), ("ndim", 1),
                  ("T", x), ("grad_fn", y.grad_fn), ("output_nr", 0), ("retains_grad", True)]:
    for t in (x, y):
        try:
            setattr(t, attr, val)
            print(attr, "set", getattr(t, attr))
        except AttributeError as e:
            print(attr, type(e).__name__, e)
try:
    y.grad_fn.next_functions = ()
except AttributeError as e:
    print(e)
p = torch.nn.Parameter(torch.ones(2))
try:
    p.grad_fn = None
except AttributeError as e:
    print(e)

steps = [loss := (x ** 2).sum(), loss.backward(), x.grad]
print(steps)
print((n := x.numel(), n * 2))
print({k := 3, k + 1})
print([g := x.grad.clone(), g.mul_(2), x.grad])
