import torch

# A training step two ways (nn.Linear/ReLU/MSELoss/SGD, and the same by hand with @ and +),
# then the backward of products whose operands are transposed, and a product whose two saved
# operands were both modified in place (the error names the one torch's node checks first).
x = torch.sin(torch.arange(24.0).reshape(4, 6))
t = torch.cos(torch.arange(12.0).reshape(4, 3))
model = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.ReLU(), torch.nn.Linear(5, 3))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.cos(torch.arange(float(p.numel())) * (0.7 + i)).reshape(p.shape) * 0.5)
loss_fn = torch.nn.MSELoss(reduction="sum")
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(4):
    opt.zero_grad()
    loss = loss_fn(model(x), t)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.6f}")
print(loss.grad_fn.name(), [(f.name(), n) for f, n in loss.grad_fn.next_functions if f is not None])
print([f"{p.sum().item():.6f}" for p in model.parameters()], [p._version for p in model.parameters()])

W1 = torch.cos(torch.arange(30.0).reshape(6, 5)).requires_grad_()
b1 = torch.zeros(5, requires_grad=True)
W2 = torch.sin(torch.arange(15.0).reshape(5, 3)).requires_grad_()
b2 = torch.zeros(3, requires_grad=True)
params = [W1, b1, W2, b2]
for step in range(4):
    h = torch.relu(x @ W1 + b1)
    loss = ((h @ W2 + b2 - t) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.01 * p.grad
            p.grad.zero_()
    print(step, f"{loss.item():.6f}")
mm = h.grad_fn.next_functions[0][0].next_functions[0][0]
print(mm.name(), mm._saved_self_sym_sizes, mm._saved_mat2_sym_sizes, mm.next_functions)

a = torch.cos(torch.arange(12.0).reshape(3, 4)).requires_grad_()
b = torch.sin(torch.arange(10.0).reshape(2, 5)).requires_grad_()
y = a.t() @ torch.cos(torch.arange(6.0).reshape(3, 2))
z = y @ b
z.sum().backward(retain_graph=True)
z.sum().backward()
print(a.grad, a.grad.stride(), b.grad, b.grad.stride())

u, v = a * 1, b * 1
w = u.t() @ v[:, :3].t()
with torch.no_grad():
    u.mul_(2)
    v.mul_(2)
w.sum().backward()
