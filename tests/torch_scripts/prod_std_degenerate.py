import torch

# prod's gradient is result / x when no element is 0, so an inf or nan spreads as torch's does;
# with one zero it is the product of the others; with several, zeros.
for vals in ([0., float('inf')], [0., float('nan')], [2., float('inf')], [float('inf'), 2.],
             [0., 0., 3.], [0., 0., float('inf')], [0., 2., 3.], [2., 3., 4.]):
    x = torch.tensor(vals, requires_grad=True)
    x.prod().backward()
    y = torch.tensor(vals, requires_grad=True)
    print(vals, x.grad, torch.autograd.grad(y.prod(0), y)[0])

m = torch.tensor([[2., float('inf')], [0., 3.]], requires_grad=True)
m.prod(1).sum().backward()
print(m.grad)
s = torch.tensor(5., requires_grad=True)
s.prod().backward()
print(s.grad)

# std of a constant slice: torch masks it to 0 (not 0/0)
z = torch.tensor([1., 1., 1.], requires_grad=True)
z.std().backward()
print(z.grad)
z = torch.tensor([[1., 1.], [2., 3.]], requires_grad=True)
z.std(1).sum().backward()
print(z.grad)
z = torch.tensor([[4., 4.], [2., 3.]], requires_grad=True)
z.std(1, keepdim=True).sum().backward()
print(z.grad)
z = torch.tensor([1., 1.], requires_grad=True)
z.var().backward()
print(z.grad)

# numpy's floating-point notices do not reach the output: torch computes these silently
print(torch.log(torch.tensor([-1., 0.])), torch.tensor([1., -1.]) / 0, torch.tensor([0., float('inf')]).prod())
