# The walrus inside list, tuple and set displays, call arguments and subscripts, as Python 3.10 takes it.
import torch

x = torch.tensor([0.5, 1.5], requires_grad=True)
terms = [y := x.sin(), y * y, *[y.exp()]]
loss = sum(t.sum() for t in terms)
loss.backward()
print(terms[0], x.grad)
pair = (n := 3, n * 2)
print(pair, {k := 4, k + 1})
w = torch.arange(6.0).reshape(2, 3)
print(w[i := 1], w[i, j := 2], i, j)
print(torch.stack([a := torch.ones(2), a * 2]))
