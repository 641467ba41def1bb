import torch
import torch.autograd.forward_ad as fwAD

# Forward-mode AD through in-place writes and views: the written part's tangent is the tangent
# of what was written (zero for a constant), and a view's tangent is a view of its base's.

def show(label, f, tangent=None):
    with fwAD.dual_level():
        x = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.ones(3) if tangent is None else tangent)
        p, t = fwAD.unpack_dual(f(x))
        print(label, p, t)


def setitem(x):
    y = x * 2
    y[0] = 10.0
    return y


def mul_on_view(x):
    y = x * 2
    y[1:].mul_(3)
    return y


def zero_on_view(x):
    y = x * 2
    y[:2].zero_()
    return y


def copy_constant_into_view(x):
    y = x * 2
    y[1:].copy_(torch.tensor([7., 8.]))
    return y


def copy_dual_into_plain(x):
    y = torch.zeros(3)
    y.copy_(x * 5)
    return y


def base_sees_view_write(x):
    y = x * 2
    v = y[1:]
    v.mul_(x[1:])
    return y


def view_sees_base_write(x):
    y = x * 2
    v = y[:2]
    y[0] = 4.0
    return v


def setitem_dual_into_plain(x):
    y = torch.ones(3)
    y[1] = x[2] * 3
    return y


def earlier_view_of_plain(x):
    b = torch.zeros(3)
    v = b[1:]
    b.copy_(x * 3)
    return v


def transposed_view(x):
    q = torch.zeros(2, 3)
    q.t()[1].copy_(x[:2])
    return q


def matrix_rows(x):
    m = torch.stack([x, x * 2])
    m[1].add_(x)
    m[:, 0] = 0.0
    return m


def unbind_then_write(x):
    m = torch.stack([x, x * 2]).clone()
    a, b = m.unbind(0)
    return a * b


def masked(x):
    y = x * 1
    y[y > 1.5] = 0.0
    return y


def out_of_place_stays_separate(x):
    y = x + 0
    y.mul_(2)
    return x * 1


show("setitem", setitem)
show("mul_ on view", mul_on_view)
show("zero_ on view", zero_on_view)
show("copy_ constant into view", copy_constant_into_view)
show("copy_ dual into plain", copy_dual_into_plain)
show("base sees view write", base_sees_view_write)
show("view sees base write", view_sees_base_write)
show("setitem dual into plain", setitem_dual_into_plain)
show("earlier view of plain", earlier_view_of_plain)
show("transposed view", transposed_view)
show("matrix rows", matrix_rows)
show("unbind", unbind_then_write)
show("masked setitem", masked)
show("x's tangent untouched", out_of_place_stays_separate)

# make_dual keeps the given tangent: an in-place op on the dual updates it, as in torch
t = torch.ones(3)
with fwAD.dual_level():
    y = fwAD.make_dual(torch.tensor([1., 2., 3.]), t)
    y.mul_(2)
    print(t, fwAD.unpack_dual(y).tangent)
    y[0] = 5
    print(t, fwAD.unpack_dual(y).tangent)
    z = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.ones(3))
    v = z[1:]
    z.mul_(3)
    print(fwAD.unpack_dual(v).tangent)

# the same through the functional API: the Jacobian of a function that writes in place
def f(x):
    y = x * 2
    y[0] = 10.0
    y[1:].mul_(x[:2])
    return y

print(torch.autograd.functional.jacobian(f, torch.tensor([1., 2., 3.]), strategy="forward-mode", vectorize=True))
print(torch.autograd.functional.jacobian(f, torch.tensor([1., 2., 3.])))
