import torch
import warnings
x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
for args, kw in [((), {}), ((1,), {}), ((1,), {"keepdim": True}), ((0,), {"unbiased": False}),
                 (((0, 1),), {"correction": 2}), ((True,), {}), ((None,), {"correction": 0})]:
    for f in (torch.var_mean, torch.std_mean):
        a, b = f(x, *args, **kw)
        print(a, b)
        n = a.grad_fn
        print(n, b.grad_fn is n, n._saved_dim, n._saved_correction, n._saved_keepdim)
        x.grad = None
        (a * 2 + b * 3).sum().backward()
        print(x.grad)
        x.grad = None
        a, b = f(x, *args, **kw)
        a.sum().backward()
        print(x.grad)
        x.grad = None
        a, b = f(x, *args, **kw)
        b.sum().backward()
        print(x.grad)
print(torch.std_mean(x, 1)[0].grad_fn._saved_result0)
c = torch.ones(2, 3, requires_grad=True)
s, m = torch.std_mean(c, 1)
print(s, m)
(s + m).sum().backward()
print(c.grad)
y = torch.ones(1, requires_grad=True)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    s, m = torch.std_mean(y)
print(s, m)
m.backward()
print(y.grad)
try:
    torch.var_mean(torch.arange(4))
except RuntimeError as e:
    print(e)
