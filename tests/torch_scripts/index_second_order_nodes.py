import torch

# Under create_graph the first derivative of an indexing op is built from torch's own ops, so a
# second derivative walks torch's nodes (index_select's gradient is an index_add, take's a put...).
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)


def first_node(name, fn):
    y = fn()
    w = torch.ones(y.shape, requires_grad=True)
    g, = torch.autograd.grad((y * w).sum(), x, create_graph=True)
    print(name, g.grad_fn.name(), [f.name() for f, _ in g.grad_fn.next_functions if f is not None])
    (g * g).sum().backward()
    print("  w.grad", w.grad.tolist())


first_node("index_select", lambda: x.index_select(1, torch.tensor([0, 2, 0])))
first_node("take", lambda: x.take(torch.tensor([0, 5, 0])))
first_node("masked_select", lambda: x.masked_select(x > 2))
first_node("gather", lambda: x.gather(1, torch.tensor([[0, 0], [1, 2]])))
first_node("index", lambda: x[torch.tensor([1, 0, 1])])
first_node("scatter value", lambda: x.scatter(1, torch.tensor([[0], [2]]), 0.5))
first_node("scatter src", lambda: x.scatter(1, torch.tensor([[0], [2]]), x * 2))
first_node("masked_fill", lambda: x.masked_fill(x > 2, 0.5))
first_node("masked_fill tensor", lambda: x.masked_fill(x > 2, torch.tensor(0.5)))
first_node("index_fill", lambda: x.index_fill(1, torch.tensor([0, 2]), 0.5))
first_node("put", lambda: x.put(torch.tensor([0, 5]), torch.tensor([1.0, 2.0])))
