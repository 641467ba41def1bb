import torch
# torch.dist with p=0 counts the differing entries: its backward has no gradient for self and fails
# with torch's message (norm and vector_norm with ord 0 leave no gradient at all)
a = torch.tensor([0., 1., 3.], requires_grad=True)
b = torch.tensor([0., 2., 3.], requires_grad=True)
d = torch.dist(a, b, p=0)
print(d, d.grad_fn)
try:
    d.backward()
    print(a.grad, b.grad)
except RuntimeError as e:
    print(e)
n = torch.norm(a - b, p=0)
print(n, n.grad_fn)
n.backward()
print(a.grad, b.grad)
v = torch.linalg.vector_norm(a, ord=0)
print(v, v.grad_fn)
v.backward(); print(a.grad)
