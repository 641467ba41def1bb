import torch

# saved_tensors_hooks see each op's saved tensors in torch's order: the saved inputs by name,
# alphabetically (so `other` before `self`), then the outputs (tests/engine/test_saved_names_parity.py
# compares every node's _saved_* names with torch's).
order = []


def pack(t):
    order.append(tuple(t.shape))
    return t


a = torch.rand(2, requires_grad=True)
b = torch.rand(3, 1, requires_grad=True)
c = torch.rand(4, 1, 1, requires_grad=True)
cases = [
    ("mul", lambda: a * b), ("div", lambda: a / b), ("atan2", lambda: torch.atan2(a, b)),
    ("pow", lambda: torch.pow(a, b)), ("xlogy", lambda: torch.xlogy(a, b)), ("hypot", lambda: torch.hypot(a, b)),
    ("maximum", lambda: torch.maximum(a, b)), ("minimum", lambda: torch.minimum(a, b)),
    ("fmod", lambda: torch.fmod(a, b)), ("logaddexp", lambda: torch.logaddexp(a, b)),
    ("lerp", lambda: torch.lerp(a, b, c)),
    ("clamp", lambda: torch.clamp(a, b, c)), ("where", lambda: torch.where(a > 0.5, b, c)),
    ("mm", lambda: torch.rand(2, 3, requires_grad=True) @ torch.rand(3, 4, requires_grad=True)),
    ("bmm", lambda: torch.bmm(torch.rand(1, 2, 3, requires_grad=True), torch.rand(1, 3, 5, requires_grad=True))),
    ("exp", lambda: a.exp()), ("sigmoid", lambda: a.sigmoid()), ("sum", lambda: b.sum()),
]
for name, f in cases:
    order.clear()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = f()
    print(name, y.grad_fn.name(), order)
