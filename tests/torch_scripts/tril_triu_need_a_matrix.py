import torch

# tril/triu of a vector: torch refuses it (numpy would broadcast it to a square matrix)
v = torch.tensor([1.0, 2.0, 3.0])
for name, f in [("tril", lambda: torch.tril(v)), ("triu_", lambda: v.clone().triu_()),
                ("scalar tril", lambda: torch.tensor(2.0).tril())]:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, "RuntimeError:", e)

m = torch.arange(1.0, 7.0).view(2, 3).requires_grad_()
low = m.tril(1)
print(low)
low.sum().backward()
print(m.grad)
# under vmap each example is a vector, yet torch's batching rule takes the batch as the matrix
print(torch.func.vmap(torch.tril)(torch.ones(2, 3)))
print(torch.func.vmap(torch.triu)(torch.ones(2, 2, 2)))
