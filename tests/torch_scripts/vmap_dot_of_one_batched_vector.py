import torch
from torch.func import vmap, grad

# vmap of a dot product where one vector is batched and the other shared runs as torch's
# dot_batch_rule does, matmul(A, B.t()): an mv when the first vector is the batched one (MvBackward0),
# else a row times a matrix squeezed in place (SqueezeBackward4). Gradients flow to both vectors.
x = torch.tensor([[1., 2.], [3., 4.], [-1., 0.5]], requires_grad=True)
w = torch.tensor([0.5, -1.], requires_grad=True)
scores = vmap(torch.dot, in_dims=(0, None))(x, w)
print(scores)
print(vmap(lambda r: torch.dot(w, r))(x))
scores.pow(2).sum().backward()
print(x.grad, w.grad)
both = vmap(torch.dot)(x, x)
print(both, both.grad_fn.name())
print(vmap(grad(lambda r: torch.dot(r, w.detach()) ** 2))(x.detach()))
print(vmap(grad(lambda r: torch.dot(w.detach(), r) ** 2))(x.detach()))
print(torch.func.jacrev(lambda v: vmap(lambda r: torch.dot(v, r))(x.detach()))(w.detach()))
for n in (2, 3):
    xs = torch.arange(2. * n).reshape(n, 2).requires_grad_()
    print(n, vmap(torch.dot, in_dims=(0, None))(xs, w).grad_fn.name(), vmap(torch.dot, in_dims=(None, 0))(w, xs).grad_fn.name(),
          vmap(lambda r: r @ w)(xs).grad_fn.name(), vmap(lambda r: w @ r)(xs).grad_fn.name())
