import torch
W = torch.tensor([[1.0, 0.0], [0.5, 0.3], [-0.2, 0.8]], requires_grad=True)
D = torch.tensor([0.5, 1.0, 0.3], requires_grad=True)
wt = W.mT / D.unsqueeze(-2)
k = torch.matmul(wt, W).contiguous()
k.view(-1, 4)[:, ::3] += 1
L = torch.linalg.cholesky(k)
print(L.grad_fn, L.grad_fn.next_functions)
L.diagonal().log().sum().backward()
print(W.grad, D.grad)
a = torch.arange(6.0).reshape(2, 3).requires_grad_()
x = a * 1
x.view(-1)[1:4] += 5
y = x.t() * torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y.sum().backward()
print(x, a.grad)
