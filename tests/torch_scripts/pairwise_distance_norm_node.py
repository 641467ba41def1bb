import torch
import torch.nn as nn
import torch.nn.functional as F
a = torch.arange(6.).reshape(3, 2).sin().requires_grad_()
b = torch.arange(6.).reshape(3, 2).cos().requires_grad_()
for p in (2., 1., 3., float('inf'), 0.5):
    d = F.pairwise_distance(a, b, p)
    n = d.grad_fn
    print(d, n, n._saved_p, n._saved_dim, n._saved_keepdim, n._saved_result, n._saved_self)
    print(n.next_functions, n.next_functions[0][0].next_functions)
    a.grad = b.grad = None
    d.sum().backward()
    print(a.grad, b.grad)
d = F.pairwise_distance(a, b[0], keepdim=True, eps=0.0)
print(d, d.grad_fn._saved_keepdim)
print(nn.PairwiseDistance(p=1.0)(a, b))
print(F.pairwise_distance(a[0], b[0]))
loss = F.triplet_margin_loss(a, b, b.flip(0))
print(loss)
loss.backward()
print(a.grad)
print(torch.norm(a, 3, 1).grad_fn, a.norm(dim=0).grad_fn)
