"""Seeds 000-003: the A/B/E graph, eye(4,5) accumulation, detach, grad modes, manual_grad, hooks, linspace/sin."""

inp = torch.eye(4, 5, requires_grad=True)
out = (inp+1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nSecond call\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nCall after zeroing gradients\n{inp.grad}")

x = torch.tensor([2.0], requires_grad=True)
y = x.pow(2)
z = y.detach()
w = z * 3
try:
    w.backward()
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
print("x的梯度:", x.grad)

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y.requires_grad)
with torch.set_grad_enabled(False):
    y = x * 2
print(y.requires_grad)
y = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
x.requires_grad = False
z = x * y
print(z, z.grad_fn.next_functions)

A = torch.tensor([3.], requires_grad=True)
B = torch.tensor([2.], requires_grad=True)
C = A ** 2
D = B ** 2
E = C * D
F = D + E
F.manual_grad = torch.tensor(1)
D.manual_grad, E.manual_grad = F.grad_fn(F.manual_grad)
C.manual_grad, tmp2 = E.grad_fn(E.manual_grad)
D.manual_grad = D.manual_grad + tmp2
A.manual_grad = C.grad_fn(C.manual_grad)
B.manual_grad = D.grad_fn(D.manual_grad)
print(A.manual_grad, B.manual_grad, D.manual_grad, E.manual_grad)

def f(x):
    result = 1
    for ii in x:
        if ii.item()>0: result=ii*result
    return result
x = torch.tensor([0.3071,  1.1043,  1.3605, -0.3471], requires_grad=True)
y = f(x)
y.backward()
print(x.grad, y)

A = torch.tensor(2., requires_grad=True)
B = torch.tensor(.5, requires_grad=True)
C = A * B
D = C.exp()
print(torch.autograd.grad(D, (C, A)))
def variable_hook(grad):
    print('the gradient of C is：', grad)
C = A * B
hook_handle = C.register_hook(variable_hook)
D = C.exp()
D.backward()
hook_handle.remove()

a = torch.linspace(0., 2. * 3.141592653589793, steps=25, requires_grad=True)
print(a)
b = torch.sin(a)
print(b)
c = 2 * b
print(c)
d = c + 1
print(d)
out = d.sum()
print(out)
print(d.grad_fn, d.grad_fn.next_functions, d.grad_fn.next_functions[0][0].next_functions,
      d.grad_fn.next_functions[0][0].next_functions[0][0].next_functions,
      d.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0].next_functions, sep="\n")
out.backward()
print(a.grad)

a = torch.ones(2, 3, requires_grad=True)
print(a)
b1 = 2 * a
print(b1)
a.requires_grad = False
b2 = 2 * a
print(b2)
x = torch.ones(1, 2, 3, requires_grad=True)
with torch.inference_mode():
    y = x * x
print(y.requires_grad)
try:
    y._version
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
x = torch.randn(5, requires_grad=True)
y = x.pow(2)
print(x.equal(y.grad_fn._saved_self), x is y.grad_fn._saved_self)
y = x.exp()
print(y.equal(y.grad_fn._saved_result), y is y.grad_fn._saved_result)
