import torch
a = torch.arange(6.).reshape(2, 3).requires_grad_()
b = torch.arange(12.).reshape(3, 4).requires_grad_()
v = torch.tensor([1., -1., 2.], requires_grad=True)
B1 = torch.arange(30.).reshape(5, 2, 3) / 10
B2 = torch.arange(60.).reshape(5, 3, 4) / 20
M = torch.ones(2, 4, requires_grad=True)
print(torch.vdot(v, v).detach(), torch.addmv(torch.ones(2), a, v, beta=0.5, alpha=2).detach())
print(torch.baddbmm(torch.ones(5, 2, 4), B1, B2, alpha=0.5)[1], torch.addbmm(M, B1, B2, beta=2).detach())
print(torch.tensordot(a, b, dims=1), torch.tensordot(B1, B2, dims=([0, 2], [0, 1])))
print(torch.tensordot(torch.ones(2, 3, 4), torch.ones(3, 4, 5)).shape)
print(torch.kron(torch.tensor([[1., 2.], [3., 4.]]), torch.tensor([[0., 1.], [1., 0.]])), torch.kron(v, torch.tensor([1., 10.])))
print(torch.linalg.multi_dot([v, a.t(), a, v]), torch.linalg.multi_dot([a, b, b.t()]).shape)
out = (torch.tensordot(a, b, dims=1).sum() + torch.kron(a, a).pow(2).sum() + torch.addmv(torch.zeros(2), a, v).sum()
       + torch.linalg.multi_dot([v, a.t(), a]).sum() + torch.addbmm(M, B1, B2).sum())
out.backward()
print(a.grad, b.grad, v.grad, M.grad)
print(torch.addmv(torch.tensor([float('nan'), 1.]), a, v, beta=0).detach())
