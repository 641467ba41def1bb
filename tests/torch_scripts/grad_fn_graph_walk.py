import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b
d = c + a
e = d.exp()
print(e.grad_fn.name())
fn = e.grad_fn
while fn is not None:
    print(type(fn).__name__, [(type(f).__name__ if f is not None else None, i) for f, i in fn.next_functions])
    fn = fn.next_functions[0][0] if fn.next_functions else None
acc = c.grad_fn.next_functions[0][0]
print(acc.name(), acc.variable is a)
print(c.grad_fn._saved_self, c.grad_fn._saved_other)
print(e.grad_fn._saved_result)
p = a ** 3
print(p.grad_fn._saved_exponent, p.grad_fn._saved_self)
s = torch.arange(6.0, requires_grad=True).view(2, 3).sum(dim=1)
print(s.grad_fn, s.grad_fn._saved_dim, s.grad_fn._saved_keepdim)
