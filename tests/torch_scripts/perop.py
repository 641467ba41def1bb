# A functional training step written by hand (issue 13): x @ w, + b, relu, ** 2, sum, and the
# update p -= lr * p.grad; p.grad.zero_() under no_grad. Node names, saved values, versions and the
# refusals of in-place updates; full precision wherever no matrix product is involved (numpy's BLAS
# adds a product's terms in another order than torch's, so those print 4 digits).
import torch

torch.manual_seed(0)
x = torch.linspace(-1, 1, 48).reshape(6, 8)
t = torch.linspace(0.5, -0.5, 18).reshape(6, 3)
w1 = (torch.linspace(-0.3, 0.3, 40).reshape(8, 5) * 1.0).requires_grad_()
b1 = torch.linspace(-0.1, 0.1, 5).requires_grad_()
w2 = (torch.linspace(0.2, -0.2, 15).reshape(5, 3) * 1.0).requires_grad_()
b2 = torch.zeros(3, requires_grad=True)
params = [w1, b1, w2, b2]

for step in range(4):
    h = torch.relu(x @ w1 + b1)
    d = h @ w2 + b2 - t
    loss = (d ** 2).sum()
    if step == 0:
        print(loss.grad_fn.name(), d.grad_fn.name(), d.grad_fn.next_functions[0][0].name())
        mm = h.grad_fn.next_functions[0][0].next_functions[0][0]
        print(mm.name(), mm._saved_self_sym_sizes, mm._saved_mat2_sym_sizes, mm._saved_mat2_sym_strides)
        print(mm._saved_self is x, mm._saved_self_sym_strides)
        p = loss.grad_fn.next_functions[0][0]
        print(p.name(), p._saved_exponent, p._saved_self.shape, loss.grad_fn._saved_self_sym_sizes)
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.05 * p.grad
            p.grad.zero_()
    print(step, f"{loss.item():.4g}", [p._version for p in params], [p.grad._version for p in params])

print(f"{w1.sum().item():.4g}", [f"{v:.4g}" for v in b2.tolist()])

# the same ops and update without products: every bit as torch's
v = (torch.linspace(-3, 2, 160).reshape(16, 10) * 1.1 + 0.3).requires_grad_()
c = torch.linspace(1, -1, 10)
for step in range(3):
    e = torch.relu(v + c) - c * 0.7
    loss = (e ** 2).sum() + (v ** 3).sum() * 0.01 + (e * v).sum()
    loss.backward()
    with torch.no_grad():
        v -= 0.05 * v.grad
        v.grad.zero_()
    print(step, loss.item(), v.sum().item(), v[3].tolist()[:4])
for n in (32, 64, 160, 256, 480, 512, 1000):
    r = torch.linspace(-2, 3, n) * 0.37 + 0.01
    print(n, r.sum().item(), (r ** 2).sum().item(), (r * r).double().sum().item())

# an update outside no_grad, one of another dtype, one that does not fit
for bad in (lambda: w1.sub_(0.1 * w1.grad), lambda: torch.tensor([4, 6]).div_(torch.tensor([2, 3])),
            lambda: torch.ones(3).add_(torch.ones(2, 3)), lambda: w1.zero_()):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", str(e).split("\n")[0][:90])

# an update of a tensor saved for backward
a = torch.ones(3, requires_grad=True)
y = (w2[:, 0] * a[0] * 2.0).sum() + (a * a).sum()
with torch.no_grad():
    a += 1.0
try:
    y.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split("\n")[0][:120])
z = torch.zeros(4, 6)
z[:, ::2].zero_()
z.zero_()
print(z._version, z.sum().item())
