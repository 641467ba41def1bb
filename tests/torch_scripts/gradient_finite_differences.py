# torch.gradient: derivatives of sampled values (uniform and uneven spacing, edge orders 1 and 2).
import torch

x = torch.tensor([1.0, 4.0, 9.0, 16.0, 25.0], requires_grad=True)
print(torch.gradient(x))
print(torch.gradient(x, spacing=2.0), torch.gradient(x, spacing=[0.5]), torch.gradient(x, edge_order=2))
(g,) = torch.gradient(x, spacing=2.0, edge_order=2)
print(g, g.grad_fn, g.grad_fn.next_functions[0][0].name())
g.pow(2).sum().backward()
print(x.grad)

t = torch.linspace(0, 3, 7, dtype=torch.float64)
y = torch.sin(t)
print(torch.gradient(y, spacing=t[1] - t[0]) if False else torch.gradient(y, spacing=(t,)))
print(torch.gradient(y, spacing=(t,), edge_order=2))
coords = torch.tensor([0.0, 1.0, 1.5, 3.5, 4.0], requires_grad=True)
(gc,) = torch.gradient(x, spacing=(coords,))
print(gc)
(gc2,) = torch.gradient(x, spacing=(coords,), edge_order=2)
print(gc2)
(gc2 * torch.arange(5.0)).sum().backward()
print(coords.grad)

m = torch.tensor([[1, 2, 4, 8], [10, 20, 40, 80], [100, 200, 400, 800]])
print(torch.gradient(m))
print(torch.gradient(m, dim=1), torch.gradient(m, dim=-2, spacing=3))
print(torch.gradient(m.double(), spacing=[2.0, 0.5]), torch.gradient(m.float(), dim=(0, 1), spacing=(1, 2), edge_order=2))
print(torch.gradient(torch.tensor([[1.0, 2.0], [4.0, 8.0]]), dim=[1]))

for f in (lambda: torch.gradient(torch.tensor([1, 2, 3], dtype=torch.uint8)),
          lambda: torch.gradient(m, spacing=[1.0]), lambda: torch.gradient(m, dim=0, spacing=[1.0, 2.0]),
          lambda: torch.gradient(x, edge_order=3), lambda: torch.gradient(torch.tensor([1.0, 2.0]), edge_order=2),
          lambda: torch.gradient(m, dim=(0, 0)), lambda: torch.gradient(m, dim=2),
          lambda: torch.gradient(torch.tensor([1.0])), lambda: torch.gradient(x, spacing=(torch.ones(5, 1),)),
          lambda: torch.gradient([1.0, 2.0])):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
