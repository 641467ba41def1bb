import torch

# An in-place op whose input partly overlaps the written tensor is refused, as torch's
# assert_no_partial_overlap does it: for dense tensors, by their memory ranges. The very same
# elements (q.mul_(q)) and strided views torch cannot judge go through.
b = torch.tensor([1., 2., 3.])
steps = [("add_", lambda: b[:2].add_(b[1:])), ("mul_ by an element", lambda: b.mul_(b[0])),
         ("mul_ by the base", lambda: b[1:].mul_(b)), ("addcmul_", lambda: b.addcmul_(b[0], b[2])),
         ("copy_", lambda: b[:2].copy_(b[1:])), ("t() mul_", lambda: b.t().mul_(b)),
         ("mul_ by a clone", lambda: b[:2].mul_(b[1:].clone())), ("sub_ itself", lambda: b.sub_(b)),
         ("lerp_", lambda: b[:2].lerp_(b[1:], 0.5)), ("clamp_", lambda: b[:2].clamp_(min=b[1:])),
         ("index_add_", lambda: b.index_add_(0, torch.tensor([0]), b[1:2])),
         ("div_ rounding", lambda: b[:2].div_(b[1:], rounding_mode="floor")), ("fill_ an element", lambda: b.fill_(b[0]))]
for name, step in steps:
    try:
        step()
        print(name, "ok", b)
    except RuntimeError as e:
        print(name, "->", e)
    b = torch.tensor([1., 2., 3.])

try:
    b[0:2] = b[1:]
except RuntimeError as e:
    print("b[0:2] = b[1:] ->", e)
x = torch.arange(6.).reshape(2, 3)
x[0] += x[1]
x[:, :2] += x[:, 1:]        # strided: torch does not judge it
print(x)
c = torch.tensor([1., 2., 3., 4.])
c[::2] += c[1::2]
print(c)

# with autograd: the same refusal, before any graph is recorded
w = torch.tensor([1., 2., 3.], requires_grad=True)
h = w * 1
try:
    h[:2].mul_(h[1:])
except RuntimeError as e:
    print(e)
print(h.grad_fn.name(), h._version)
