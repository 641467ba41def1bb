import torch

# In-place ops on a view whose elements partly share memory (unfold with step < size, as_strided).
# torch refuses only a zero stride; other overlaps it computes through the strides, each element
# reading memory as the earlier ones left it: zeros(4).unfold(0, 2, 1).add_(1) is [1, 2, 2, 1].
print(torch.zeros(4).unfold(0, 2, 1).add_(1))
steps = [
    ("add_", lambda v: v.add_(1)), ("mul_", lambda v: v.mul_(2)), ("neg_", lambda v: v.neg_()),
    ("sub_ alpha", lambda v: v.sub_(1, alpha=2)), ("div_", lambda v: v.div_(2)),
    ("div_ floor", lambda v: v.div_(3, rounding_mode="floor")), ("pow_", lambda v: v.pow_(2)),
    ("mul_ itself", lambda v: v.mul_(v)), ("add_ itself", lambda v: v.add_(v)),
    ("add_ tensor", lambda v: v.add_(torch.tensor([1., 10.]))), ("sigmoid_", lambda v: v.sigmoid_()),
    ("clamp_", lambda v: v.clamp_(min=2.5)), ("clamp_ tensor", lambda v: v.clamp_(max=torch.tensor([2.5, 3.5]))),
    ("lerp_", lambda v: v.lerp_(torch.ones(3, 2), 0.5)), ("addcmul_", lambda v: v.addcmul_(torch.ones(3, 2), torch.ones(3, 2))),
    ("masked_fill_", lambda v: v.masked_fill_(torch.tensor([[True, False]] * 3), 5.)),
    ("fill_", lambda v: v.fill_(3)), ("copy_", lambda v: v.copy_(torch.arange(6.).reshape(3, 2))),
    ("cumsum_ 0", lambda v: v.cumsum_(0)), ("cumsum_ 1", lambda v: v.cumsum_(1)), ("cumprod_", lambda v: v.cumprod_(0)),
    ("tril_", lambda v: v.tril_()), ("triu_", lambda v: v.triu_()), ("addmm_", lambda v: v.addmm_(torch.ones(3, 2), torch.ones(2, 2))),
    ("index_fill_", lambda v: v.index_fill_(0, torch.tensor([1]), 4.)),
    ("scatter_", lambda v: v.scatter_(0, torch.tensor([[0, 1]]), 9.)),
    ("index_add_", lambda v: v.index_add_(0, torch.tensor([0, 1]), torch.ones(2, 2))),
    ("index_put_ accumulate", lambda v: v.index_put_((torch.tensor([0, 1]),), torch.tensor(1.), accumulate=True)),
    ("index_put_", lambda v: v.index_put_((torch.tensor([0, 1]),), torch.tensor([[5., 6.], [2., 8.]]))),
    ("index_copy_", lambda v: v.index_copy_(0, torch.tensor([0]), torch.ones(1, 2))),
    ("put_", lambda v: v.put_(torch.tensor([1]), torch.tensor([5.]))),
    ("masked_scatter_", lambda v: v.masked_scatter_(torch.tensor([[True, False]] * 3), torch.ones(6))),
]
for name, step in steps:
    base = torch.arange(4.) + 1
    step(base.unfold(0, 2, 1))
    print(name, base)

base = torch.arange(4.) + 1
v = base.unfold(0, 2, 1)
v[0] = 7.
print(base)
v[:] = 9.
print(base)
v += 1
print(base)
v *= v
print(base)
w = torch.arange(5.).as_strided((3, 3), (1, 1))
w.mul_(2)
print(w)
x = torch.arange(6.).unfold(0, 3, 1).t()
x.add_(1)
print(x)
y = torch.arange(8.).unfold(0, 4, 2).flip(1)
y.sub_(1)
print(y)
with torch.no_grad():
    z = torch.ones(5).unfold(0, 3, 1)
    z.mul_(torch.full((3, 3), 2.))
    print(z)
i = torch.arange(5).unfold(0, 2, 1)
i.add_(1)
print(i)
# float16 computes in float32 and rounds once per element, as on a whole tensor; ints and complex too
b = (torch.arange(6.) / 7 + 1).half()
b.unfold(0, 3, 1).mul_(3.3)
print(b)
c = (torch.arange(6.) / 7 + 1).half()
c.unfold(0, 3, 1).sigmoid_()
print(c)
d = torch.arange(6, dtype=torch.int32)
d.unfold(0, 2, 1).add_(1)
print(d)
e = torch.arange(6.).unfold(0, 2, 2).add_(1)
print(e)
z = torch.zeros(5, dtype=torch.complex64)
z.unfold(0, 2, 1).add_(1j)
print(z)
