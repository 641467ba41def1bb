import torch

# An in-place op whose other operand is the tensor itself (q.mul_(q)), a view or a detach of it:
# torch saves that operand before the write, so the backward finds it modified and refuses, naming
# the op as torch's forward_op_name does (MulBackward0 -> Mul, PowBackward1 -> Pow1). Ops that save
# nothing (add_, sub_, copy_, lerp_ with a number) go through.
p = torch.tensor([1., 3.], requires_grad=True)
steps = [("mul_", lambda q: q.mul_(q)), ("mul_ of a clone", lambda q: q.mul_(q.clone())),
         ("div_", lambda q: q.div_(q)), ("pow_", lambda q: q.pow_(q)), ("add_", lambda q: q.add_(q)),
         ("sub_", lambda q: q.sub_(q)), ("addcmul_", lambda q: q.addcmul_(q, q)), ("atan2_", lambda q: q.atan2_(q)),
         ("copy_", lambda q: q.copy_(q)), ("mul_ of a view", lambda q: q.mul_(q.view(2))),
         ("mul_ of a detach", lambda q: q.mul_(q.detach())), ("lerp_", lambda q: q.lerp_(q, 0.5)),
         ("hypot_", lambda q: q.hypot_(q)), ("clamp_(min=q)", lambda q: q.clamp_(min=q))]
for name, step in steps:
    q = p.clone()
    try:
        step(q)
        q.sum().backward()
        print(name, "ok", p.grad)
    except RuntimeError as e:
        print(name, "->", e)
    p.grad = None

q = p.clone()
q *= q
try:
    q.sum().backward()
except RuntimeError as e:
    print("*=", "->", e)

# clamp_ with tensor bounds is one in-place ClampBackward0 node
q = p.clone()
lo = torch.tensor([2., 2.], requires_grad=True)
q.clamp_(min=lo)
print(q.grad_fn, q.grad_fn.next_functions, q._version)
q.sum().backward()
print(p.grad, lo.grad)
r = p.clone()
r.clamp_(max=torch.tensor([0., 5.]))
print(r.grad_fn.name(), r._version)
