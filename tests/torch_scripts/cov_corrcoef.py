import torch


def walk(n, depth=0):
    if n is None:
        return
    print(' ' * depth + n.name())
    for f, _ in n.next_functions:
        walk(f, depth + 2)


x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
fw = torch.tensor([1, 2, 1, 1])
aw = torch.tensor([1., .5, 2., 1.])
for f in (lambda: torch.cov(x), lambda: x.cov(correction=0), lambda: torch.cov(x, fweights=fw),
          lambda: torch.cov(x, aweights=aw), lambda: torch.cov(x, fweights=fw, aweights=aw, correction=2),
          lambda: torch.corrcoef(x), lambda: x.corrcoef(), lambda: torch.cov(x[0])):
    r = f()
    print(r)
    x.grad = None
    (r * r).sum().backward()
    print(x.grad)
walk(torch.cov(x).grad_fn)
walk(torch.corrcoef(x).grad_fn)
walk(torch.cov(x, fweights=fw, aweights=aw).grad_fn)
print(torch.cov(x, correction=4))
for bad in (lambda: torch.cov(x, fweights=torch.tensor([1., 2, 1, 1])), lambda: torch.cov(x, fweights=torch.tensor([1, 2, 1])),
            lambda: torch.cov(x, fweights=torch.tensor([[1, 2, 1, 1]])), lambda: torch.cov(x, fweights=torch.tensor([1, -2, 1, 1])),
            lambda: torch.cov(x, aweights=torch.tensor([1, 2, 1, 1])), lambda: torch.cov(x, aweights=torch.tensor([1., -2, 1, 1])),
            lambda: torch.cov(x, aweights=torch.zeros(4)), lambda: torch.cov(torch.zeros(2, 2, 2)), lambda: torch.cov(x.bool())):
    try:
        bad()
    except RuntimeError as e:
        print(e)
print(torch.corrcoef(x[:1]))
