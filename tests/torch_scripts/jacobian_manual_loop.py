import torch

def f(x):
    return torch.stack([x[0] ** 2 * x[1], 5 * x[0] + torch.sin(x[1])])

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = f(x)
jac = torch.zeros(2, 2)
for i in range(2):
    grad_i, = torch.autograd.grad(y[i], x, retain_graph=True)
    jac[i] = grad_i
print(jac)
print(torch.autograd.functional.jacobian(f, x.detach()))
rows = [torch.autograd.grad(y, x, torch.eye(2)[i], retain_graph=True)[0] for i in range(2)]
print(torch.stack(rows))
