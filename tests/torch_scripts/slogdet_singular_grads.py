import torch
# torch's slogdet/logdet backward solves with the saved LU: a singular matrix's zero pivots give infs and NaNs
mats = [[[1., 2.], [2., 4.]], [[0., 0.], [0., 0.]], [[1., 0.], [0., 0.]], [[0., 1.], [0., 0.]],
        [[2., 1., 0.], [4., 2., 0.], [1., 1., 1.]], [[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]],
        [[0., 0., 1.], [0., 1., 0.], [0., 0., 0.]], [[2., 1.], [1., 3.]]]
for M in mats:
    for name, f in [("slogdet", lambda a: torch.linalg.slogdet(a)[1]), ("logdet", torch.logdet),
                    ("slogdet_old", lambda a: torch.slogdet(a)[1])]:
        for transposed in [False, True]:
            A = torch.tensor(M, requires_grad=True)
            y = f(A.t() if transposed else A)
            y.backward()
            print(name, transposed, y.item(), A.grad.flatten().tolist())
    print(torch.linalg.slogdet(torch.tensor(M)).sign, torch.linalg.det(torch.tensor(M)))
for M in [[[1., 2.], [2., 4.]], [[2., 1.], [1., 3.]], [[0., 0.], [0., 0.]]]:
    A = torch.tensor(M, requires_grad=True)
    try:
        g, = torch.autograd.grad(torch.logdet(A), A, create_graph=True)
        h, = torch.autograd.grad(g.sum(), A)
        print(g.detach(), h)
    except RuntimeError as e:
        print("RuntimeError:", e)
B = torch.stack([torch.tensor([[1., 2.], [2., 4.]]), torch.tensor([[2., 1.], [1., 3.]])]).requires_grad_()
s, l = torch.linalg.slogdet(B)
print(s, l)
l.sum().backward()
print(B.grad)
C = torch.tensor([[1., 2.], [2., 4.]], dtype=torch.float64, requires_grad=True)
torch.linalg.slogdet(C)[1].backward(torch.tensor(2., dtype=torch.float64))
print(C.grad)
