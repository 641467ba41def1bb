# torch.qr (older scripts' spelling of linalg.qr) and the functions torch removed in 1.9, with torch's messages.
import torch

A = torch.tensor([[2.0, 1.0], [1.0, 3.0], [0.0, 1.0]], requires_grad=True)
q = torch.qr(A)
print(q)
Q, R = A.qr(some=False)
print(Q.shape, R.shape, torch.dist(Q @ R, A) < 1e-5)
(q.Q.sum() + q.R.sum()).backward()
print(A.grad)
for f in (lambda: torch.matrix_rank(torch.eye(2)), lambda: torch.eig(torch.eye(2)), lambda: torch.eye(2).eig(),
          lambda: torch.lstsq(torch.eye(2), torch.eye(2)),
          lambda: torch.symeig(torch.eye(2), eigenvectors=True), lambda: torch.eye(2).symeig()):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
