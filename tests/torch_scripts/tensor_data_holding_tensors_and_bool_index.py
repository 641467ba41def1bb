# torch.tensor of nested data holding tensors, as torch's parser walks it: the first elements set the
# dims, a tensor deeper is iterated, a number place takes a one-element tensor of a kind it can read;
# and a Python bool as an index (adds a dim, of size 1 or 0) on a 0-d tensor
import torch
cases = {
 "t,list": lambda: torch.tensor([torch.tensor([1., 2.]), [3, 4]]),
 "t,t": lambda: torch.tensor([torch.tensor([1., 2.]), torch.tensor([3, 4])]),
 "t1,list": lambda: torch.tensor([torch.tensor([1.]), [3]]),
 "t0,int": lambda: torch.tensor([torch.tensor(1.), 3]),
 "t,tuple": lambda: torch.tensor([torch.tensor([1., 2.]), (3, 4)]),
 "list,t,list": lambda: torch.tensor([[1, 2], torch.tensor([3, 4]), [5, 6]]),
 "nested t in 2nd": lambda: torch.tensor([[[1, 2], [3, 4]], [torch.tensor([5, 6]), [7, 8]]]),
 "nested t first of 2nd": lambda: torch.tensor([[[1, 2], [3, 4]], torch.tensor([[5, 6], [7, 8]])]),
 "[[t,list]]": lambda: torch.tensor([[torch.tensor([1, 2]), [3, 4]]]),
 "int,t0": lambda: torch.tensor([1, torch.tensor(2.5)]),
 "list,t 2x2 float": lambda: torch.tensor([[1, 2], torch.tensor([3.5, 4])], dtype=torch.int32),
 "t needs grad": lambda: torch.tensor([[1., 2.], torch.tensor([3., 4.], requires_grad=True)]),
 "wrong len t": lambda: torch.tensor([[1, 2], torch.tensor([3])]),
 "list,t0": lambda: torch.tensor([[1, 2], torch.tensor(3)]),
}
for k, f in cases.items():
    try:
        r = f()
        print(k, r.tolist(), r.dtype)
    except Exception as e:
        print(k, type(e).__name__, str(e).split("\n")[0])
cases = {
 "[[1,2],3]": lambda: torch.tensor([[1, 2], 3]),
 "[[1.,2],3]": lambda: torch.tensor([[1., 2], 3.]),
 "[1,[2]]": lambda: torch.tensor([1, [2]]),
 "[1.,[2]]": lambda: torch.tensor([1., [2]]),
 "[True,[2]]": lambda: torch.tensor([True, [2]]),
 "[t(2.),] int": lambda: torch.tensor([torch.tensor(2.0)], dtype=torch.int64),
 "[t(2),] float": lambda: torch.tensor([torch.tensor(2)], dtype=torch.float32),
 "[t(2.5),1]": lambda: torch.tensor([torch.tensor(2.5), 1]),
 "[1, t(2.5)] int": lambda: torch.tensor([1, torch.tensor(2.5)], dtype=torch.int32),
 "[t([1,2]),] bool": lambda: torch.tensor([torch.tensor([True, False])]),
 "[t([1,2]),] c": lambda: torch.tensor([torch.tensor([1j, 2])]),
 "[t([1,2])] int": lambda: torch.tensor([torch.tensor([1, 2])]),
 "[[1],t([[2]])]": lambda: torch.tensor([[1], torch.tensor([[2]])]),
 "[[1,2],t([[1,2]])]": lambda: torch.tensor([[1, 2], torch.tensor([[1, 2]])]),
 "[[t(1)],[t(2)]]": lambda: torch.tensor([[torch.tensor(1)], [torch.tensor(2)]]),
 "[[1,2], np]": lambda: torch.tensor([[1, 2], (3, 4)]),
 "[[1,2],[3]]": lambda: torch.tensor([[1, 2], [3]]),
 "[[1,2],[3,[4]]]": lambda: torch.tensor([[1, 2], [3, [4]]]),
 "[[1,2],t([3,4]).t]": lambda: torch.tensor([[1, 2], torch.tensor([[3], [4]]).t()[0]]),
 "[[1,2], t bool]": lambda: torch.tensor([[1.5, 2], torch.tensor([True, False])]),
 "[[],t([])]": lambda: torch.tensor([[], torch.tensor([])]),
}
for k, f in cases.items():
    try:
        r = f()
        print(k, r.tolist(), r.dtype)
    except Exception as e:
        print(k, type(e).__name__, str(e).split("\n")[0])
cases = {
 "[1j,[2]]": lambda: torch.tensor([1j, [2]]),
 "[[1,2],[3]] c": lambda: torch.tensor([[1j, 2], [3]]),
 "[t(1.5)] bool": lambda: torch.tensor([torch.tensor(1.5)], dtype=torch.bool),
 "[t(True)] int": lambda: torch.tensor([torch.tensor(True)], dtype=torch.int64),
 "[t(1j)] f": lambda: torch.tensor([torch.tensor(1j)], dtype=torch.float32),
 "[[1,2],[3]] then bad": lambda: torch.tensor([[1, [2]], [3]]),
 "[[1],2,[3,4]]": lambda: torch.tensor([[1], 2, [3, 4]]),
 "[t1d, t1d] first": lambda: torch.tensor([[torch.tensor([1, 2]), torch.tensor([3, 4])]]),
}
for k, f in cases.items():
    try:
        r = f()
        print(k, r.tolist(), r.dtype)
    except Exception as e:
        print(k, type(e).__name__, str(e).split("\n")[0])
x = torch.tensor(5)
for k in (True, False, None, (True, None), (None, False), (True, True), (Ellipsis, True)):
    try:
        r = x[k]
        print(k, r, r.shape)
    except Exception as e:
        print(k, type(e).__name__, e)
y = torch.arange(6.).reshape(2, 3)
for k in (True, (True, 0), (0, True), (False, 1), (Ellipsis, False), (True, slice(None), 1), (1, True, 2)):
    try:
        r = y[k]
        print(k, r, r.shape)
    except Exception as e:
        print(k, type(e).__name__, e)
z = torch.tensor(1., requires_grad=True)
w = z[True] * 2
w.sum().backward()
print(w, z.grad)
x[True] = 7
print(x)
x[False] = 9
print(x)
y[True] = 1.
print(y)
y[0, True] = 3.
print(y)
