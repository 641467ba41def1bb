# nanmedian: the median of the numbers, ignoring NaNs (missing readings), with gradients.
import torch

nan = float("nan")
x = torch.tensor([[1.0, nan, 3.0, 2.0], [nan, nan, nan, nan], [5.0, 1.0, 1.0, nan]], requires_grad=True)
m = torch.nanmedian(x)
print(m)
m.backward()
print(x.grad)

x.grad = None
r = x.nanmedian(dim=1)
print(r)
print(r.values.grad_fn, r.values.grad_fn._saved_dim, r.values.grad_fn._saved_keepdim)
r.values.nansum().backward()
print(x.grad)
print(torch.nanmedian(x, 0, keepdim=True))
print(x.detach().median(1))

y = torch.tensor([2.0, 2.0, 1.0, 2.0], requires_grad=True)
y.nanmedian().backward()
print(y.grad)
z = torch.tensor([nan, nan], requires_grad=True)
r0 = z.nanmedian()
r0.backward()
print(r0, z.grad)
print(torch.full((2, 7), nan).nanmedian(1))
print(torch.tensor([4.0, 4.0, 1.0, 4.0, 4.0, 9.0, 4.0]).nanmedian(0))

print(torch.nanmedian(torch.tensor([3, 1, 2, 5])), torch.nanmedian(torch.tensor([[3, 1], [2, 5]]), 1))
print(torch.nanmedian(torch.tensor([])), torch.tensor(4.0).nanmedian(), torch.tensor(4.0).nanmedian(0))
print(torch.nanmedian(torch.zeros(0, 2), 1))
print(torch.tensor([1.0, 2.0, nan, 2.0, 2.0]).nanmedian(-1))
print(torch.tensor([1.0, 2.0, nan, 2.0, 2.0], dtype=torch.float64).nanmedian())

for f in (lambda: torch.nanmedian(torch.tensor([True])), lambda: torch.nanmedian(torch.tensor([True]), 0),
          lambda: torch.nanmedian(torch.zeros(2, 0), 1), lambda: torch.nanmedian(x, 2)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
