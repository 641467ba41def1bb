import torch
import warnings

# correction >= the number of elements: torch divides by max(0, N - correction)
warnings.simplefilter("ignore")
x = torch.tensor([1., 2., 4.], requires_grad=True)
for c in (3, 4):
    for f in (torch.var, torch.std):
        y = f(x, correction=c)
        print(y)
        x.grad = None
        y.backward()
        print(x.grad)
    for f in (torch.var_mean, torch.std_mean):
        y = f(x, correction=c)
        print(y)
        x.grad = None
        y[0].backward()
        print(x.grad)
m = torch.tensor([[1., 2.], [3., 3.]], requires_grad=True)
v = m.var(1, correction=2)
print(v)
v.sum().backward()
print(m.grad)
one = torch.ones(1, 1, requires_grad=True)
one.var().backward()
print(one.grad)
one.grad = None
torch.std(one, 0).sum().backward()
print(one.grad)
