import torch

def pack(t):
    print("packing", t.shape)
    return t * 1

def unpack(t):
    print("unpacking", t.shape)
    return t

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    b = a * a
    c = b.exp()
c.sum().backward()
print(a.grad)

store = []
def pack_idx(t):
    store.append(t)
    return len(store) - 1
def unpack_idx(i):
    return store[i]
x = torch.tensor(3.0, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_idx, unpack_idx):
    y = x.pow(3)
y.backward()
print(x.grad, len(store))
