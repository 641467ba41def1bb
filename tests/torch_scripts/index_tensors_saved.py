import torch

# Indexing ops save the index tensor itself, as torch does: the node shows that tensor, saved-tensor
# hooks pack it, and changing it in place after use makes backward raise.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
i = torch.tensor([0, 2])
y = x.index_select(0, i)
print(y.grad_fn._saved_index is i)

packed = []


def pack(t):
    packed.append(list(t.shape))
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    z = x.gather(0, torch.tensor([1, 1, 0]))
print(packed)


def change_index_then_backward(name, fn, index):
    out = fn(index)
    index[0] = 1
    try:
        out.sum().backward()
        print(name, "no error")
    except RuntimeError as e:
        print(name, "->", e)


change_index_then_backward("index_select", lambda j: x.index_select(0, j), torch.tensor([0, 2]))
change_index_then_backward("gather", lambda j: x.gather(0, j), torch.tensor([0, 2]))
change_index_then_backward("take", lambda j: x.take(j), torch.tensor([0, 2]))
change_index_then_backward("scatter_add", lambda j: x.scatter_add(0, j, torch.ones(2)), torch.tensor([0, 2]))
change_index_then_backward("index_add", lambda j: x.index_add(0, j, torch.ones(2)), torch.tensor([0, 2]))
change_index_then_backward("masked_fill", lambda m: x.masked_fill(m, 0.0), torch.tensor([True, False, True]))
change_index_then_backward("masked_select", lambda m: x.masked_select(m), torch.tensor([True, False, True]))
x.grad = None
j = torch.tensor([0, 2])
y = x.index_select(0, j)
y.sum().backward()
j[0] = 1
print(x.grad)
change_index_then_backward("scatter", lambda j: x.scatter(0, j, torch.ones(2)), torch.tensor([0, 2]))
change_index_then_backward("put", lambda j: x.put(j, torch.ones(2), accumulate=True), torch.tensor([0, 2]))
change_index_then_backward("index_copy", lambda j: x.index_copy(0, j, torch.ones(2)), torch.tensor([0, 2]))
change_index_then_backward("index_fill", lambda j: x.index_fill(0, j, 0.0), torch.tensor([0, 2]))
src = torch.ones(2, requires_grad=True)
change_index_then_backward("scatter_add src", lambda j: x.scatter_add(0, j, src), torch.tensor([0, 2]))

# x[i] and x[i] = v save their index tensors too (negative positions included)
w = x * 1
k = torch.tensor([-1, 0])
picked = w[k]
print(picked.grad_fn._saved_indices[0] is k)
k[0] = 1
try:
    picked.sum().backward()
except RuntimeError as e:
    print("x[k] ->", e)
v = x * 1
m = torch.tensor([True, False, True])
v[m] = 0.0
m[1] = True
try:
    v.sum().backward()
except RuntimeError as e:
    print("x[m] = 0 ->", e)
