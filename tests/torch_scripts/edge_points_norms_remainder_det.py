# Edge points where torch's answer is a convention: p-norms with p < 1 at zero entries and at a
# zero vector (torch masks |x|^(p-1) there), remainder's signed zeros (fmod's sign kept), the
# determinant of a singular matrix (the sign of its LU product), retain_grad under create_graph.
import torch

for p in [0.5, 0.3, -1, 1.5, 3]:
    for v in ([0., 1., 2.], [0., 0., 0.], [-1., 0., 3.]):
        x = torch.tensor(v, requires_grad=True)
        n = torch.linalg.vector_norm(x, p)
        n.backward()
        print(f"p={p}: |{v}| = {n.item():.4f}, grad {x.grad}")

rows = torch.tensor([[0., 1.], [0., 0.]], requires_grad=True)
torch.linalg.vector_norm(rows, 0.5, dim=1).sum().backward()
print(rows.grad)

a = torch.tensor([-1.0, 1.0, -2.0, 0.0, -0.0, 3.5, -3.5])
for b in (1.0, -1.0, 0.75):
    print(f"a % {b}:", a % b, torch.remainder(a, torch.full((7,), b)))
print(torch.remainder(torch.tensor([-1.]), torch.tensor([float("inf")])), torch.tensor([-7, 7]) % -3)

for m in ([[1., 2.], [2., 4.]], [[0., 0.], [0., 0.]], [[2., 4.], [1., 2.]], [[0., -1.], [0., 2.]]):
    A = torch.tensor(m)
    print("det", torch.linalg.det(A), A.T.det(), torch.det(A.double()))

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
y.retain_grad()
(y * x).sum().backward(create_graph=True)
print(y.grad, x.grad)
x.grad = None
