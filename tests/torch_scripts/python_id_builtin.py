import torch
X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
before = id(Y)
Y = Y + X
print(id(Y) == before)
Z = torch.zeros_like(Y)
idz = id(Z)
Z[:] = X + Y
print(id(Z) == idz)
before = id(X)
X += Y
print(id(X) == before)
w = torch.ones(2, requires_grad=True)
print(id(w.data) == id(w), id(w.detach()) == id(w))
l = [w]
print(id(l[0]) == id(w))
a = X.numpy()
b = torch.from_numpy(a)
print(id(a) == id(b))
