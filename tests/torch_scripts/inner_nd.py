import torch

# torch.inner over the last dims of tensors of any rank, recorded as torch's tensordot records it.


def chain(fn):
    kids = [chain(f) for f, _ in fn.next_functions if f is not None]
    return fn.name() + ("(" + ", ".join(kids) + ")" if kids else "")


for sa, sb in [((3,), (3,)), ((2, 3), (4, 3)), ((2, 5, 3), (3,)), ((3,), (2, 3)), ((2, 3), (2, 4, 3))]:
    a = torch.arange(float(torch.tensor(sa).prod())).reshape(sa).requires_grad_()
    b = torch.linspace(-1.0, 1.0, int(torch.tensor(sb).prod())).reshape(sb).requires_grad_()
    y = torch.inner(a, b)
    y.sum().backward()
    print(sa, sb, list(y.shape), chain(y.grad_fn))
    print(y.detach().reshape(-1)[:4], a.grad.reshape(-1)[:4], b.grad.reshape(-1)[:4])
print(torch.inner(torch.tensor(2.0), torch.ones(2)))
try:
    torch.inner(torch.ones(2, 3), torch.ones(2))
except RuntimeError as e:
    print(e)
