import torch
import torch.nn.functional as F
# products whose contracted dim is empty are zeros of the free dims, with their graph and zero gradients
a = torch.zeros(3, 0, dtype=torch.float64, requires_grad=True)
b = torch.zeros(0, 4, dtype=torch.float64, requires_grad=True)
for name, f in [("tensordot", lambda: torch.tensordot(a, b, dims=1)),
                ("tensordot lists", lambda: torch.tensordot(a, b, dims=([1], [0]))),
                ("mm", lambda: torch.mm(a, b)), ("@", lambda: a @ b), ("matmul", lambda: torch.matmul(a, b)),
                ("einsum", lambda: torch.einsum("ik,kj->ij", a, b)), ("inner", lambda: torch.inner(a, b.t())),
                ("multi_dot", lambda: torch.linalg.multi_dot([a, b])), ("addmm", lambda: torch.addmm(torch.ones(4, dtype=torch.float64), a, b))]:
    y = f()
    print(name, y, y.dtype, y.stride(), y.grad_fn.name())
    a.grad = b.grad = None
    (y * torch.arange(12.).reshape(3, 4)).sum().backward()
    print(a.grad, b.grad)
print(torch.tensordot(torch.zeros(2, 3, 0), torch.zeros(3, 0, 4), dims=2))
print(torch.tensordot(torch.zeros(0, 3), torch.zeros(3, 4), dims=1))
print(torch.tensordot(torch.zeros(2, 0, dtype=torch.int64), torch.zeros(0, 5, dtype=torch.int64), dims=1))
print(torch.bmm(torch.zeros(2, 3, 0), torch.zeros(2, 0, 1)), torch.cdist(torch.zeros(2, 0), torch.zeros(3, 0)))
x1 = torch.zeros(2, 0, requires_grad=True)
w = torch.ones(3, 0, 2, requires_grad=True)
for args in [(x1, torch.ones(2, 2), w), (torch.zeros(3, 0), torch.zeros(3, 0), torch.zeros(2, 0, 0))]:
    try:
        print(F.bilinear(*args))
    except RuntimeError as e:
        print("RuntimeError:", e)
for shape in [(-1, 0), (0, -1), (-1, 5), (2, -1, 0)]:
    try:
        print(torch.zeros(3, 0).reshape(shape).shape)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    torch.zeros(3, 1).view(-1, 0)
except RuntimeError as e:
    print("RuntimeError:", e)
