import torch
x = torch.tensor([[-1.5, 0., 2.], [0.5, -0., 3.]], requires_grad=True)
y = torch.tensor([[1., -2., 0.], [-0., 1., -1.]], requires_grad=True)
for f in (lambda: torch.copysign(x, y), lambda: torch.copysign(x, -1.), lambda: x.copysign(2), lambda: torch.sinc(x),
          lambda: torch.logaddexp2(x, y), lambda: torch.fmax(x, y), lambda: torch.fmin(x, y), lambda: torch.sgn(x),
          lambda: torch.ldexp(x, torch.tensor([1, 2, 3])), lambda: x.fmax(torch.tensor(float('nan'))),
          lambda: torch.frexp(x)[0], lambda: x.sinc() * x.logaddexp2(y)):
    r = f()
    print(r, r.grad_fn)
    x.grad = y.grad = None
    (r * torch.tensor([1., 2., 3.])).sum().backward()
    print(x.grad, y.grad)
print(torch.signbit(x), torch.positive(x), torch.frexp(x), torch.sinc(torch.tensor([0, 1, 2])))
print(torch.copysign(torch.tensor([1, -2]), torch.tensor([-1, 1])), torch.fmax(torch.tensor([1, 5]), torch.tensor([3, 2])))
print(torch.ldexp(torch.tensor([1, 2]), torch.tensor([3, 4])), torch.fmin(torch.tensor([1., float('nan')]), torch.tensor([float('nan'), float('nan')])))
for bad in (lambda: torch.frexp(torch.tensor([1, 2])), lambda: torch.positive(torch.tensor([True])),
            lambda: torch.logaddexp2(torch.tensor([1]), torch.tensor([2]))):
    try:
        bad()
    except (RuntimeError, TypeError, NotImplementedError) as e:
        print(type(e).__name__, e)
