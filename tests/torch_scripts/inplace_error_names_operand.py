# When both operands a node saved were modified in place, torch's error names the one its node
# unpacks first: a binary op's `other` (mm's and bmm's `mat2`, pow's exponent) before `self`.
import torch


def attempt(label, f, shape_a, shape_b):
    a = torch.ones(shape_a, requires_grad=True) * 1
    b = torch.ones(shape_b, requires_grad=True) * 2
    z = f(a, b)
    a.add_(1)
    b.add_(1)
    try:
        z.sum().backward()
    except RuntimeError as e:
        print(f"{label}: {e}")


attempt("mul", torch.mul, (2, 1), (3,))
attempt("div", torch.div, (2, 1), (3,))
attempt("pow", torch.pow, (2, 1), (3,))
attempt("mm", torch.mm, (2, 3), (3, 4))
attempt("matmul 3-d @ 2-d", torch.matmul, (5, 2, 3), (3, 4))
attempt("matmul 1-d @ 2-d", torch.matmul, (3,), (3, 4))
attempt("bmm", torch.bmm, (5, 2, 3), (5, 3, 4))
attempt("linear", torch.nn.functional.linear, (2, 3), (4, 3))
attempt("outer", torch.outer, (2,), (3,))
attempt("einsum", lambda a, b: torch.einsum("ij,jk->ik", a, b), (2, 3), (3, 4))

y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True) + 1
z = torch.matmul(y.view(1, 3), y.view(3, 1))
y.div_(2)
try:
    z.backward()
except RuntimeError as e:
    print(e)
