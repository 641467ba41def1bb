"""Seed 000: bmm/sigmoid/matmul demo, training loops with retain_grad and no_grad updates, the two-layer MLP, grad modes, and torch's error messages."""
import numpy as np
r = np.random.default_rng(0)
def T(*shape, rg=False):
    return torch.tensor(r.standard_normal(shape).astype(np.float32).tolist(), requires_grad=rg)

data0 = T(2, 2, 4)
w_0 = T(2, 4, 3, rg=True)
data2 = torch.bmm(data0, w_0)
data3 = torch.sigmoid(data2)
w_1 = T(2, 3, 5, rg=True)
output = torch.matmul(data3, w_1)
loss = output.sum()
loss.backward()
print(w_0.grad, output.grad_fn, data2.grad_fn, data3.grad_fn)
w_0 = w_0 - 0.001 * w_0.grad
print(w_0)

data1 = T(3, 4)
data1.requires_grad = True
try:
    data1.mul_(2)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)

x = torch.ones(5, requires_grad=True)
w = T(5, 5, rg=True)
b = T(5)
label = torch.Tensor([0, 0, 1, 0, 0])
for i in range(5):
    w.retain_grad()
    z = torch.matmul(w, x) + b
    output = torch.sigmoid(z)
    loss = (output - label).var()
    loss.backward()
    w = w - 0.2 * w.grad
    print("loss: ", loss)

y = T(5, 5, rg=True)
for i in range(5):
    if i > 0:
        y.grad.zero_()
    z = torch.matmul(y, x) + b
    output = torch.sigmoid(z)
    loss = (output - label).var()
    loss.backward()
    with torch.no_grad():
        y.sub_(0.2 * y.grad)
    print("loss: ", loss)
with torch.no_grad():
    v = y.view(5, 5)
    v.sub_(y.grad * 0.1)
    y.sub_(0.1 * y.grad)
print(y, y._version)

w1 = [[0.1, 0.15], [0.2, 0.25], [0.3, 0.35]]
w2 = [[0.4, 0.45, 0.5], [0.55, 0.6, 0.65]]
w1 = torch.tensor(w1, requires_grad=True)
w2 = torch.tensor(w2, requires_grad=True)
b1 = torch.ones(3, 1).float()
b2 = torch.ones(2, 2).float()
input1 = torch.tensor([5, 10]).reshape(2, 1).to(torch.float32)
label = torch.tensor([0.01, 0.99]).reshape(2, 1)
for i in range(300):
    if w1.grad is not None and i < 1:
        pass
    w1.retain_grad()
    w2.retain_grad()
    net_h = torch.mm(w1, input1) + b1
    out_h = torch.sigmoid(net_h)
    net_o = torch.matmul(w2, out_h) + b2
    out_o = torch.sigmoid(net_o)
    loss = (out_o - label).var()
    loss.backward()
    if i < 100:
        w1 = w1 - 0.5 * w1.grad
        w2 = w2 - 0.5 * w2.grad
    else:
        w1 = w1 - 0.02 * w1.grad
        w2 = w2 - 0.02 * w2.grad
    if i % 50 == 0 or i == 299:
        print(loss)

x = torch.tensor([1.], requires_grad=True)
with torch.no_grad():
    with torch.enable_grad():
        y = x * 2
print(y.requires_grad)
y.backward()
print(x.grad)
@torch.enable_grad()
def doubler(x):
    return x * 2
with torch.no_grad():
    z = doubler(x)
print(z.requires_grad)
@torch.no_grad()
def doubler2(x):
    return x * 2
print(doubler2(x).requires_grad)
torch.set_grad_enabled(False)
print((x * 2).requires_grad)
torch.set_grad_enabled(True)
print((x * 2).requires_grad)
@torch.inference_mode()
def func(x):
    return x * x
out = func(x)
print(out.requires_grad, out.is_inference(), torch.is_grad_enabled())
try:
    (out * x).sum().backward()
    print(x.grad)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)

a = torch.ones(2, 3, requires_grad=True) * 2
b = torch.ones(2, 3, requires_grad=True) * 3
c1 = a + b
with torch.no_grad():
    c2 = a + b
print(c1, c2, a * b)
x = torch.tensor([1., 2.], requires_grad=True)
try:
    (x * 2).backward()
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
y = x * 2
y.sum().backward()
try:
    y.sum().backward()
    print("ok twice (no saved)")
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
y = x * x
y.sum().backward()
try:
    y.sum().backward()
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
try:
    y.requires_grad = False
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
try:
    x.add_(1)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
try:
    x[0].add_(1)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
s = torch.sigmoid(x)
s.mul_(2)
try:
    s.sum().backward()
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
q = x * 1
e = q.exp()
q.add_(1)
try:
    e.sum().backward()
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
u = torch.tensor([1., 2.], requires_grad=True)
v = torch.tensor([3., 4.], requires_grad=True)
try:
    torch.autograd.grad((u * 2).sum(), [u, v])
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
print(torch.autograd.grad((u * 2).sum(), [u, v], allow_unused=True))
print(torch.autograd.grad((u * 2).sum(), [u, v], allow_unused=True, materialize_grads=True))
try:
    torch.ones(2, 3) @ torch.ones(2, 3)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
try:
    torch.ones(2, 3) + torch.ones(2, 4)
except (RuntimeError, ValueError) as e:
    print("ERR", type(e).__name__, e)
