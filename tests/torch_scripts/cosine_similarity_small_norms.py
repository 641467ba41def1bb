import torch
import torch.nn as nn
import torch.nn.functional as F


def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)


x = torch.tensor([[1e-9, 0., 0.]], requires_grad=True)
y = torch.tensor([[1., 2., 3.]], requires_grad=True)
c = F.cosine_similarity(x, y)
print(c)
c.backward()
print(x.grad, y.grad)
walk(c.grad_fn)
a = torch.arange(6.).reshape(2, 3).sin().requires_grad_()
b = torch.arange(6.).reshape(2, 3).cos().requires_grad_()
a64 = torch.arange(6., dtype=torch.float64).reshape(2, 3).sin().requires_grad_()
b64 = torch.arange(6., dtype=torch.float64).reshape(2, 3).cos().requires_grad_()
c = F.cosine_similarity(a, b)
print(c)
c.sum().backward()
print(a.grad, b.grad)
c = F.cosine_similarity(a64, b64[0], dim=-1, eps=0.5)
walk(c.grad_fn)
c.sum().backward()
print(c, a64.grad, b64.grad)
z = torch.zeros(2, 3, dtype=torch.float64, requires_grad=True)
c = F.cosine_similarity(z, b64.detach())
c.sum().backward()
print(c, z.grad)
print(F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[2., 1.]])))
print(nn.CosineSimilarity(dim=0)(a, b))
try:
    F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[2, 1]]))
except RuntimeError as e:
    print(e)
t = torch.tensor([[1e-5, 2e-5]], dtype=torch.float64, requires_grad=True)
loss = F.cosine_embedding_loss(t, y[:, :2].double(), torch.tensor([1]))
loss.backward()
print(loss, t.grad)
