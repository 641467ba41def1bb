import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * y + y ** 2
z.backward(inputs=[x], retain_graph=True)
print(x.grad, y.grad)
z.backward(inputs=[y])
print(x.grad, y.grad)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
out = (b ** 2).sum()
torch.autograd.backward(out, inputs=[b])
print(b.grad, a.grad)
t1 = torch.tensor(1.0, requires_grad=True)
torch.autograd.backward([t1 * 2, t1 * 3], [torch.tensor(1.0), torch.tensor(1.0)])
print(t1.grad)
