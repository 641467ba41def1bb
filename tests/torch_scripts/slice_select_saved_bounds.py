# SliceBackward0 and SelectBackward0 keep the bounds as written, as torch shows them: an open end is
# 9223372036854775807, a negative start, end or index is its unsigned 64-bit form (-1 is
# 18446744073709551615); narrow saves the normalized start. Gradients are unchanged.
import torch

x = torch.ones(5, 4, requires_grad=True)
cases = [("x[1:]", lambda: x[1:]), ("x[:-1]", lambda: x[:-1]), ("x[-2:]", lambda: x[-2:]), ("x[::2]", lambda: x[::2]),
         ("x[1:100]", lambda: x[1:100]), ("x[:, 1:]", lambda: x[:, 1:]), ("x[:, -3:-1]", lambda: x[:, -3:-1]),
         ("narrow", lambda: x.narrow(0, 1, 2)), ("narrow(-2)", lambda: x.narrow(1, -2, 2)), ("x[..., 2:]", lambda: x[..., 2:]),
         ("x[None, 1:]", lambda: x[None, 1:]), ("x[1:3][1:]", lambda: x[1:3][1:]), ("x[-100:2]", lambda: x[-100:2]),
         ("x[3:1]", lambda: x[3:1]), ("x[:]", lambda: x[:]), ("x[2]", lambda: x[2]), ("x[-1]", lambda: x[-1]),
         ("select(0, -1)", lambda: x.select(0, -1)), ("x[1:-1:2]", lambda: x[1:-1:2]), ("x[:, -1]", lambda: x[:, -1])]
for name, f in cases:
    y = f()
    g = y.grad_fn
    print(name, tuple(y.shape), g.name(), *[getattr(g, "_saved_" + k, None) for k in ("dim", "start", "end", "step", "index")])
    x.grad = None
    (y * 2).sum().backward()
    print("  grad rows", x.grad.sum(1).tolist())
z = torch.arange(6.).requires_grad_()
w = z.clone()
w[-2:] = 0
w[-1] = 5
print(w, w.grad_fn.name())
w.sum().backward()
print(z.grad)
