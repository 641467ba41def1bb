import torch

# Elementwise ops on inputs of mixed layouts: torch's TensorIterator lays the result out in the dim order of
# the first operand that orders a pair of dims (broadcast dims skipped; where: condition first). numpy
# picks C order when its operands disagree.

x = torch.arange(6.).reshape(2, 3)
y = torch.arange(6.).reshape(3, 2)
def show(name, t):
    print(name, tuple(t.shape), t.stride(), t.is_contiguous(), t.is_contiguous(memory_format=torch.channels_last) if t.dim() == 4 else "")
show("t+c", y.t() + x)
show("c+t", x + y.t())
show("t+t", y.t() + y.t())
show("t*2", y.t() * 2)
show("exp t", y.t().exp())
cl = torch.arange(24.).reshape(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)
c = torch.arange(24.).reshape(1, 2, 3, 4)
show("cl+c", cl + c)
show("c+cl", c + cl)
show("cl+cl", cl + cl)
show("cl*s", cl * 3)
show("cl relu", cl.relu())
p = torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)
q = torch.arange(24.).reshape(4, 2, 3)
show("p+q", p + q)
show("q+p", q + p)
show("p+p", p + p)
show("p+row", p + torch.ones(3))
show("t+row", y.t() + torch.ones(2, 1))
show("t+bcast", y.t() + torch.ones(3))
show("cl+bias", cl + torch.ones(2, 1, 1))
show("where", torch.where(y.t() > 2, y.t(), x))
show("cl+c+c", (cl + c) + c)
show("sliced", x[:, ::2] + torch.ones(2, 2))
show("t+c 1x", torch.ones(1, 3).t() + torch.ones(3, 1))
show("p mul_", p.clone().mul_(q))
show("cat", torch.cat([cl, c], 1))
show("cl lt c", cl < c)
show("t add_ inplace", y.t().clone() + x)

a = torch.arange(24.).reshape(2, 3, 4)
b = a.permute(2, 1, 0).contiguous().permute(2, 1, 0)
c = a.transpose(0, 1).contiguous().transpose(0, 1)
show("a+b", a + b); show("b+a", b + a); show("b+c", b + c); show("c+b", c + b); show("c+a", c + a)
show("b+row", b + torch.ones(4)); show("row+b", torch.ones(4) + b)
show("b[:,:1]+a", b[:, :1] + a)
show("b+a[:1]", b + a[:1])
show("bcol+a", torch.ones(3, 1) + a.transpose(1, 2).contiguous().transpose(1, 2))
show("addcmul", torch.addcmul(b, a, c))
show("addcmul c", torch.addcmul(a, b, c))
show("lt", b < a); show("eq", b == a); show("max", torch.maximum(b, a)); show("atan2", torch.atan2(b, a))
show("pow", b ** a); show("sub alpha", torch.sub(b, a, alpha=2)); show("add mixed dtype", b + a.double())
show("mixed int", b.long() + a.long())
show("bitand", b.long() & a.long())
show("where", torch.where(a > 3, b, a))
show("where2", torch.where(b > 3, a, c))
show("clamp", torch.clamp(b, min=a, max=a + 1))
show("size1", torch.ones(3, 1, 4).transpose(0, 2) + torch.ones(4, 1, 3))
show("size1b", torch.ones(1, 3).t() + torch.ones(3, 4))
show("scalar0d", torch.tensor(2.) + b)
show("0d first", torch.tensor(2.) * b.permute(2, 0, 1))
x = b.clone().requires_grad_()
y = (x + a)
y.sum().backward()
show("grad", x.grad)
show("rsub", torch.rsub(b, a))
show("div", b / a)
show("div int", b.long() / a.long())
show("floor_divide", b // (a + 1))
show("remainder", b % (a + 1))
out = torch.atan2(b, a)
print(out)
print(b + a.double())
g = torch.ones(2, 3, 4).transpose(0, 2).contiguous().transpose(0, 2).requires_grad_()
h = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
r = g * h
show("mul grad_fn", r)
print(r.grad_fn.name())
r.sum().backward()
show("g.grad", g.grad)
show("h.grad", h.grad)
print(h.grad)

# more elementwise ops of two tensors, the first transposed
a = torch.arange(1., 7.).reshape(2, 3)
b = torch.arange(1., 7.).reshape(3, 2).t()
def show2(name, f):
    try:
        t = f()
        print(name, t.stride())
    except Exception as e:
        print(name, type(e).__name__)
for name, f in [("lerp", lambda: torch.lerp(b, a, 0.3)), ("lerp_t", lambda: torch.lerp(b, a, a)),
                ("copysign", lambda: torch.copysign(b, a)), ("nextafter", lambda: torch.nextafter(b, a)),
                ("heaviside", lambda: torch.heaviside(b, a)), ("float_power", lambda: torch.float_power(b, a)),
                ("igamma", lambda: torch.igamma(b, a)), ("xlog1py", lambda: torch.special.xlog1py(b, a)),
                ("zeta", lambda: torch.special.zeta(b + 1, a)), ("polar", lambda: torch.polar(b, a)),
                ("complex", lambda: torch.complex(b, a)),
                ("logaddexp2", lambda: torch.logaddexp2(b, a)), ("fmax", lambda: torch.fmax(b, a)),
                ("fmin", lambda: torch.fmin(b, a)), ("gcd", lambda: torch.gcd(b.long(), a.long())),
                ("lshift", lambda: b.long() << a.long()),
                ("masked_fill", lambda: b.masked_fill(a > 2, 0.)), ("rsub", lambda: torch.rsub(b, a)),
                ("sub_rev", lambda: 2 - b), ("true_divide", lambda: torch.true_divide(b, a)),
                ("div_floor", lambda: torch.div(b, a, rounding_mode="floor")), ("div_trunc", lambda: torch.div(b, a, rounding_mode="trunc")),
                ("hypot", lambda: torch.hypot(b, a)), ("logical_and", lambda: torch.logical_and(b, a)),
                ("xlogy", lambda: torch.xlogy(b, a)), ("addcdiv", lambda: torch.addcdiv(b, a, a)),
                ("clamp_t", lambda: torch.clamp(b, a, a + 1)),
                ("l1", lambda: torch.nn.functional.l1_loss(b, a, reduction="none")),
                ("sq", lambda: (b - a) ** 2), ("where_scalar", lambda: torch.where(b > 2, b, 0.)), ("eq_scalar", lambda: b == 2),
                ("add_out", lambda: torch.add(b, a, alpha=2)), ("mul_int_float", lambda: b.long() * a)]:
    show2(name, f)
