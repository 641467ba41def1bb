# take_along_dim as torch 2.13: indices must be int64, along a dim they are read modulo its size
# (-1 is the last, 5 of 3 is 2: they raised out-of-bounds errors), and input is always expanded
# (an ExpandBackward0 before the gather, even of the same shape); without a dim, the flat gather.
import torch

x = torch.arange(6.).reshape(2, 3).requires_grad_()
r = torch.take_along_dim(x, torch.tensor([[1], [0]]), 1)
print(r, r.grad_fn, r.grad_fn.next_functions)
r = torch.take_along_dim(x, torch.tensor([[1, 0, 2]]), 0)
print(r, r.grad_fn, r.grad_fn.next_functions)
r = torch.take_along_dim(x, torch.tensor([[1, 0, 2], [0, 0, 0]]), 0)
print(r, r.grad_fn, r.grad_fn.next_functions)
r = torch.take_along_dim(x, torch.tensor([4, 0]))
print(r, r.grad_fn, r.grad_fn.next_functions)
for idx, d in [(torch.tensor([[-1], [0]]), 1), (torch.tensor([-1]), None), (torch.tensor([[-3, 2]]), 1), (torch.tensor([[-4]]), 1), (torch.tensor([[-3]]), 0), (torch.tensor([[5]]), 1), (torch.tensor([[1.]]), 1), (torch.tensor([[1]], dtype=torch.int32), 1), (torch.tensor([[True]]), 1)]:
    try:
        r = torch.take_along_dim(x, idx, d)
        r.sum().backward()
        print(r, x.grad)
        x.grad = None
    except Exception as e:
        print(type(e).__name__, e)
print(torch.take_along_dim(torch.zeros(0, 3), torch.zeros(0, 1, dtype=torch.long), 1).shape)
