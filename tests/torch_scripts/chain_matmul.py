import torch


def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)


x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
for args in ((x,), (x, x.t()), (x, x.t(), x), (x.t(), x, x.t(), x)):
    y = torch.chain_matmul(*args)
    print(y)
    walk(y.grad_fn)
    x.grad = None
    y.sum().backward()
    print(x.grad)
for bad in (lambda: torch.chain_matmul(x[0], x), lambda: torch.chain_matmul(), lambda: torch.chain_matmul(x[0])):
    try:
        bad()
    except RuntimeError as e:
        print(e)
