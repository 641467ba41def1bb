import torch
a = torch.arange(6.).reshape(3, 2).sin().requires_grad_()
b = torch.arange(8.).reshape(4, 2).cos().requires_grad_()
for p in (2., 1., 0., 3., 1.5, 0.5, float('inf')):
    d = torch.cdist(a, b, p)
    n = d.grad_fn
    print(p, d, n, n._saved_p, n._saved_x1 is a, n._saved_result.shape)
    a.grad = b.grad = None
    (d * torch.arange(12.).reshape(3, 4)).sum().backward()
    print(a.grad, b.grad)
for mode in ('use_mm_for_euclid_dist_if_necessary', 'use_mm_for_euclid_dist', 'donot_use_mm_for_euclid_dist'):
    d = torch.cdist(a, b, compute_mode=mode)
    print(mode, d, d.grad_fn, d.grad_fn.next_functions)
    a.grad = b.grad = None
    (d * torch.arange(12.).reshape(3, 4)).sum().backward()
    print(a.grad, b.grad)
big = torch.linspace(-2, 2, 60).reshape(30, 2).requires_grad_()
d = torch.cdist(big, b)
print(d.grad_fn, d.grad_fn.next_functions, d[:3])
d.sum().backward()
print(big.grad[:4], b.grad)
A = torch.arange(12.).reshape(2, 3, 2).sin().requires_grad_()
def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)
for mode in ('use_mm_for_euclid_dist', 'donot_use_mm_for_euclid_dist'):
    d = torch.cdist(A, b, compute_mode=mode)
    walk(d.grad_fn)
    print(d)
    A.grad = b.grad = None
    d.pow(2).sum().backward()
    print(A.grad, b.grad)
    d = torch.cdist(A, A * 2, compute_mode=mode)
    walk(d.grad_fn)
same = torch.tensor([[1., 2.], [1., 2.]], requires_grad=True)
d = torch.cdist(same, same)
d.sum().backward()
print(d, same.grad)
d = torch.cdist(same, same, p=float('inf'))
same.grad = None
d.sum().backward()
print(d, same.grad)
tie = torch.tensor([[1., 2.]], requires_grad=True)
d = torch.cdist(tie, torch.tensor([[0., 1.]]), p=float('inf'))
d.backward()
print(tie.grad)
for bad in (lambda: torch.cdist(a[0], a), lambda: torch.cdist(a, a[:, :1]), lambda: torch.cdist(a, a, -1.),
            lambda: torch.cdist(a, a, compute_mode='x'), lambda: torch.cdist(a.long(), a),
            lambda: torch.cdist(a, a.double()),
            lambda: torch.cdist(a.reshape(3, 1, 2), a.reshape(1, 3, 2).expand(2, 3, 2))):
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
print(torch.cdist(a[:0], b), torch.cdist(a[:, :0], b[:, :0]))
